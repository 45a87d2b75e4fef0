import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseYaml } from './database-files';

/**
 * The parsed form of a database folder's YAML files, beside them: `.parsed.json`. Parsing the
 * starter database's YAML costs more than the rest of a small conversion, so the CLI's build
 * writes this file for its shipped folder. Each entry holds the SHA-256 of the text it was parsed
 * from and is used only while the file still has that text: an edited file is parsed again.
 */
export const PARSED_CACHE_FILE = '.parsed.json';

type ParsedCache = Record<string, { sha256: string; document: unknown }>;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The cached entries of a folder; none when the file is missing or not ours. */
export async function readParsedCache(dir: string): Promise<ParsedCache> {
  try {
    const cache: unknown = JSON.parse(await readFile(join(dir, PARSED_CACHE_FILE), 'utf8'));
    return cache !== null && typeof cache === 'object' && !Array.isArray(cache) ? (cache as ParsedCache) : {};
  } catch {
    return {};
  }
}

/** The parsed document of `name` if the cache holds it for exactly this text. */
export function cachedDocument(cache: ParsedCache, name: string, text: string): { document: unknown } | undefined {
  const entry = cache[name];
  return entry !== undefined && entry.sha256 === sha256(text) ? { document: entry.document } : undefined;
}

/**
 * Writes `.parsed.json` for the given YAML files of `dir` (those that exist). A document that
 * JSON cannot hold exactly (`.inf`, say) is left out, so it is always parsed from its YAML.
 * Returns the names cached.
 */
export async function writeParsedCache(dir: string, names: readonly string[]): Promise<string[]> {
  const cache: ParsedCache = {};
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    const document = parseYaml(text, join(dir, name));
    if (isDeepStrictEqual(JSON.parse(JSON.stringify(document ?? null)), document ?? null))
      cache[name] = { sha256: sha256(text), document };
  }
  const target = join(dir, PARSED_CACHE_FILE);
  await writeFile(`${target}.${process.pid}.tmp`, `${JSON.stringify(cache)}\n`);
  await rename(`${target}.${process.pid}.tmp`, target);
  return Object.keys(cache);
}
