import { readFileSync } from 'node:fs';
import { CategorizerError } from '../errors';

/**
 * The AI credential: `AI_API_KEY`, else the contents of the file named by `AI_API_KEY_FILE`
 * (a mounted secret), trimmed because secret files usually end in a newline. A named file
 * that cannot be read is a configuration error, not a silent "no key".
 */
export function resolveApiKey(env: NodeJS.ProcessEnv): string | undefined {
  const direct = env.AI_API_KEY?.trim();
  if (direct) return direct;
  const file = env.AI_API_KEY_FILE?.trim();
  if (!file) return undefined;
  let contents: string;
  try {
    contents = readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new CategorizerError(
      'API_KEY_FILE_UNREADABLE',
      `AI_API_KEY_FILE names ${file}, which cannot be read (${reason})`,
      { file },
    );
  }
  const key = contents.trim();
  return key === '' ? undefined : key;
}
