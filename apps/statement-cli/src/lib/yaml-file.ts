import type * as Yaml from 'yaml';
import { CliError } from './cli-error';

/**
 * A configuration-like YAML file's content as plain data. Every problem is a configuration error
 * (exit 6) naming the file, and the line and column where yaml knows them: a syntax error, and also
 * aliases that would expand past yaml's limit (a "billion laughs" file), which yaml reports only
 * while building the data.
 */
export function parseYamlFile(text: string, path: string): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when there is a file to read
  const { parseDocument, YAMLError } = require('yaml') as typeof Yaml;
  const document = parseDocument(text, { prettyErrors: true });
  const problem = (error: unknown): CliError => {
    const at = error instanceof YAMLError ? error.linePos?.[0] : undefined;
    const where = at === undefined ? path : `${path}, line ${at.line}, column ${at.col}`;
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
    return new CliError('CONFIG_INVALID', `${where}: not valid YAML: ${reason}`, { cause: error });
  };
  if (document.errors.length > 0) throw problem(document.errors[0]);
  try {
    return document.toJS();
  } catch (error) {
    throw problem(error);
  }
}
