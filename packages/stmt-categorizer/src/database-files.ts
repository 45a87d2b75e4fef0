import type * as Yaml from 'yaml';
import { CategorizerError } from './errors';
import { mappingKey } from './text';
import type { CreditDebit } from './types';

/** One entry of `categories.yaml`. `patterns` and `applies_to` are our additions to camt-csv's `{name, keywords}`. */
export interface CategoryRule {
  name: string;
  keywords: string[];
  patterns: RegExp[];
  appliesTo?: CreditDebit;
}

/** A party mapping as written in the file; looked up by `mappingKey(party)`. */
export interface PartyMapping {
  party: string;
  category: string;
}

function invalid(file: string, path: string, expected: string): CategorizerError {
  return new CategorizerError('DATABASE_INVALID', `${file}: ${path} ${expected}`, { file, path });
}

/** A database file's YAML as plain data. */
export function parseYaml(text: string, file: string): unknown {
  try {
    // Loaded on first use: a database whose parsed form is cached (see parsed-cache.ts) needs no YAML parser.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy require is how CommonJS loads a module on first use
    const { parse } = require('yaml') as typeof Yaml;
    // camt-csv's files sometimes repeat a key; the later entry wins, as in camt-csv.
    return parse(text, { uniqueKeys: false });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CategorizerError('DATABASE_INVALID', `${file}: not valid YAML (${reason})`, { file, cause: error });
  }
}

function scalarList(value: unknown, file: string, path: string): string[] {
  if (value == null) return [];
  if (!Array.isArray(value)) throw invalid(file, path, 'must be a list of strings');
  return value.map((item, index) => {
    if (typeof item !== 'string' && typeof item !== 'number')
      throw invalid(file, `${path}[${index}]`, 'must be a string');
    return String(item);
  });
}

function parseAppliesTo(value: unknown, file: string, path: string): CreditDebit | undefined {
  if (value == null) return undefined;
  if (typeof value !== 'string') throw invalid(file, path, 'must be one of debit, credit, DBIT, CRDT');
  const normalised = value.toLowerCase();
  if (normalised === 'dbit' || normalised === 'debit') return 'DBIT';
  if (normalised === 'crdt' || normalised === 'credit') return 'CRDT';
  throw invalid(file, path, 'must be one of debit, credit, DBIT, CRDT');
}

/** Parses `categories.yaml`: a list of `{name, keywords}`, bare or under a `categories:` key (camt-csv writes the latter). */
export function parseCategories(
  text: string,
  file: string,
  parsed: { document: unknown } | undefined = undefined,
): CategoryRule[] {
  const document = parsed === undefined ? parseYaml(text, file) : parsed.document;
  if (document == null) return [];
  const list = Array.isArray(document) ? document : (document as { categories?: unknown }).categories;
  if (!Array.isArray(list)) throw invalid(file, 'categories', 'must be a list of {name, keywords} entries');
  return list.map((entry: unknown, index): CategoryRule => {
    const path = `categories[${index}]`;
    if (entry == null || typeof entry !== 'object') throw invalid(file, path, 'must be a mapping with a name');
    const record = entry as Record<string, unknown>;
    if (typeof record.name !== 'string' || record.name.trim() === '')
      throw invalid(file, `${path}.name`, 'must be a non-empty string');
    const patterns = scalarList(record.patterns, file, `${path}.patterns`).map((source, i) => {
      try {
        return new RegExp(source, 'iu');
      } catch {
        throw invalid(file, `${path}.patterns[${i}]`, `is not a valid regular expression: ${source}`);
      }
    });
    const appliesTo = parseAppliesTo(record.applies_to, file, `${path}.applies_to`);
    return {
      name: record.name.trim(),
      keywords: scalarList(record.keywords, file, `${path}.keywords`).filter((k) => k.trim() !== ''),
      patterns,
      ...(appliesTo ? { appliesTo } : {}),
    };
  });
}

/** Parses `creditors.yaml` / `debtors.yaml`: a flat map `party name: Category`. */
export function parseMappings(
  text: string,
  file: string,
  parsed: { document: unknown } | undefined = undefined,
): Map<string, PartyMapping> {
  const document = parsed === undefined ? parseYaml(text, file) : parsed.document;
  const mappings = new Map<string, PartyMapping>();
  if (document == null) return mappings;
  if (typeof document !== 'object' || Array.isArray(document))
    throw invalid(file, '(top level)', 'must be a map of "party name: Category"');
  for (const [party, category] of Object.entries(document as Record<string, unknown>)) {
    if (typeof category !== 'string' || category.trim() === '')
      throw invalid(file, party, 'must map to a category name');
    mappings.set(mappingKey(party), { party, category: category.trim() });
  }
  return mappings;
}
