import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Categorizer } from '@stmt/categorizer';
import { closest, distance } from 'fastest-levenshtein';
import type * as Yaml from 'yaml';
import { CliError } from '../cli-error';
import { loadCategorizer } from '../database';
import type { Logger } from '../logger';
import type { StmtConfig } from './schema';

/** The command the AI service's messages are worded for. */
export type AiCommand = 'convert' | 'categorize';

/**
 * The categoriser of `convert`, `camt` and `categorize`: `loadCategorizer`'s, after a check of the
 * user's `categories.yaml` keys, with the AI service's messages completed for the command: what
 * happens to the rows, and what to do about the service.
 */
export async function loadAiCategorizer(
  config: StmtConfig,
  logger: Logger,
  userDatabaseDir: string,
  command: AiCommand,
): Promise<Categorizer> {
  await refuseUnknownCategoryKeys(userDatabaseDir);
  return loadCategorizer(config, withAiAdvice(logger, command, config), userDatabaseDir);
}

/**
 * The categoriser logs the AI service's trouble in its own terms ("ai service at URL did not
 * answer within 30 s (1 attempt); continuing without the AI service", code AI_*); this adds what
 * it means for the command's output and the way out: --no-ai or CAMT_AI_ENABLED=false when the
 * service is down, the key when it refuses it, ai.timeout_seconds when it is only slow.
 */
export function withAiAdvice(logger: Logger, command: AiCommand, config: StmtConfig): Logger {
  const advised =
    (level: 'error' | 'warn') =>
    (message: string, fields?: Record<string, unknown>): void => {
      const advice = aiAdvice(fields, command, config);
      logger[level](advice === undefined ? message : `${message}. ${advice}`, fields);
    };
  return {
    error: advised('error'),
    warn: advised('warn'),
    info: (message, fields) => logger.info(message, fields),
    debug: (message, fields) => logger.debug(message, fields),
  };
}

const OFF = '--no-ai (or CAMT_AI_ENABLED=false)';

function aiAdvice(
  fields: Record<string, unknown> | undefined,
  command: AiCommand,
  config: StmtConfig,
): string | undefined {
  const code = fields?.['code'];
  const timeout = `ai.timeout_seconds (CAMT_AI_TIMEOUT_SECONDS, now ${config.ai.timeout_seconds})`;
  if (code === 'AI_SLOW')
    return command === 'convert'
      ? `Ctrl+C stops the run; ${OFF} converts without the service`
      : `Ctrl+C stops; ${OFF} decides without the service`;
  const outcome =
    command === 'convert'
      ? 'Rows it would have categorised are written as Uncategorized'
      : 'The decision below is the local tiers’ alone';
  switch (code) {
    case 'AI_TIMEOUT':
      return `${outcome}. If the service is down, run with ${OFF}; if it is only slow, raise ${timeout}`;
    case 'AI_NETWORK_ERROR':
      return `${outcome}. Check ai.base_url (CAMT_AI_BASE_URL) and that the service runs, or run with ${OFF}`;
    case 'AI_HTTP_ERROR': {
      const status = fields?.['status'];
      const refused = status === 401 || status === 403;
      return refused
        ? `${outcome}. Check the API key (AI_API_KEY or AI_API_KEY_FILE), or run with ${OFF}`
        : `${outcome}. If the service stays unavailable, run with ${OFF}`;
    }
    default:
      return undefined;
  }
}

/** The keys of one `categories.yaml` entry the categoriser reads (@stmt/categorizer parseCategories). */
const CATEGORY_KEYS = ['name', 'keywords', 'patterns', 'applies_to'];

/**
 * Text that may be a key other than those (or `categories:`), in block or flow style: only then is
 * the file parsed here. A colon inside a keyword (`Miete: Juni`) also matches; the parse sorts it out.
 */
const OTHER_KEY = /(?:^|[\s{,-])(?!(?:name|keywords|patterns|applies_to|categories)\s*:)[A-Za-z_][\w-]*\s*:(?:\s|$)/m;

/**
 * The categoriser reads the keys it knows of each `categories.yaml` entry and passes over the
 * rest, so a misspelt `pattern:` (for `patterns:`) would silently never match. An unknown key in
 * the user's file is a configuration error (exit 6) naming the file, its line and column, the
 * entry and the key, with the key it most likely meant. Syntax errors and wrong values are left
 * to the categoriser, which reports them. The file is parsed here only when a line looks like such
 * a key, so a run with a clean file pays nothing for the check.
 */
export async function refuseUnknownCategoryKeys(userDatabaseDir: string): Promise<void> {
  const file = join(userDatabaseDir, 'categories.yaml');
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text === undefined || !OTHER_KEY.test(text)) return;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only for a file that may hold such a key
  const { isMap, isScalar, isSeq, LineCounter, parseDocument } = require('yaml') as typeof Yaml;
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, uniqueKeys: false });
  if (document.errors.length > 0) return;
  const unknown = (key: unknown, known: readonly string[], where: string): void => {
    if (!isScalar(key)) return;
    const name = String(key.value);
    if (known.includes(name)) return;
    const at = key.range === undefined || key.range === null ? undefined : lineCounter.linePos(key.range[0]);
    const nearest = closest(name, [...known]);
    const meant = distance(name, nearest) <= 3 ? `did you mean ${nearest}? ` : '';
    throw new CliError(
      'CONFIG_INVALID',
      `${file}${at === undefined ? '' : `, line ${at.line}, column ${at.col}`}: ${where} has an unknown key ${JSON.stringify(name)}; ${meant}The keys are ${known.join(', ')}. Fix the database file or point --database (database.dir) elsewhere.`,
    );
  };
  let list: unknown = document.contents;
  if (isMap(list)) {
    for (const pair of list.items) unknown(pair.key, ['categories'], 'the top level');
    list = list.get('categories', true);
  }
  if (!isSeq(list)) return;
  list.items.forEach((entry, index) => {
    if (isMap(entry)) for (const pair of entry.items) unknown(pair.key, CATEGORY_KEYS, `categories[${index}]`);
  });
}
