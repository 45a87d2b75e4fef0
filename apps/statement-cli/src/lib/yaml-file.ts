import type * as Yaml from 'yaml';
import { CliError } from './cli-error';

/**
 * A configuration-like YAML file's content as plain data. Every problem is a configuration error
 * (exit 6) naming the file, and the line and column where yaml knows them: a syntax error, and also
 * aliases that would expand past yaml's limit (a "billion laughs" file), which yaml reports only
 * while building the data. The message is one line: yaml's reason without its own "at line …:"
 * tail, the text of the line concerned, and `hint`, what to do (by default, to fix the file).
 */
export function parseYamlFile(text: string, path: string, hint = 'Fix the file and run again.'): unknown {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when there is a file to read
  const { parseDocument, YAMLError } = require('yaml') as typeof Yaml;
  const document = parseDocument(text, { prettyErrors: true });
  const problem = (error: unknown): CliError => {
    const at = error instanceof YAMLError ? error.linePos?.[0] : undefined;
    const where = at === undefined ? path : `${path}, line ${at.line}, column ${at.col}`;
    const { reason, line } = yamlReason(error instanceof Error ? error.message : String(error));
    const near = line === undefined ? '' : ` (the line reads ${JSON.stringify(line)})`;
    return new CliError('CONFIG_INVALID', `${where}: not valid YAML: ${reason}${near}. ${hint}`, { cause: error });
  };
  if (document.errors.length > 0) throw problem(document.errors[0]);
  try {
    return document.toJS();
  } catch (error) {
    throw problem(error);
  }
}

/**
 * yaml's pretty message is the reason, ` at line L, column C:`, a blank line, the lines up to the
 * place and a caret under it. The reason without that tail, and the line the caret points into.
 */
export function yamlReason(message: string): { reason: string; line?: string } {
  const [first = '', ...rest] = message.split('\n');
  const reason = first.replace(/\s+at line \d+, column \d+:?\s*$/, '').replace(/[.:]\s*$/, '');
  const caret = rest.findIndex((line) => /^\s*\^+\s*$/.test(line));
  const line = caret > 0 ? rest[caret - 1]?.trim() : undefined;
  return line === undefined || line === '' ? { reason } : { reason, line };
}
