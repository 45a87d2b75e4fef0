import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Yaml from 'yaml';
import type { Node } from 'yaml';
import { CategorizerError } from './errors';
import { mappingKey } from './text';
import type { LearnedMapping, MappingFileName } from './types';

export interface SaveResult {
  written: string[];
  backups: string[];
}

/** `2026-11-22T07-35-12-123Z`: sortable and valid in file names on every platform. */
function stamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, '-');
}

async function readExisting(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Adds the mappings to the YAML text, keeping the user's comments and order. A party already
 * present under another spelling (`REWE` vs `rewe`) is updated in place rather than doubled.
 */
export function mergeMappingsIntoYaml(existing: string | undefined, mappings: readonly LearnedMapping[]): string {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when saving: a conversion never needs it
  const { isMap, isScalar, parseDocument } = require('yaml') as typeof Yaml;
  const document = parseDocument<Node, false>(existing ?? '', { uniqueKeys: false });
  if (document.contents == null) document.contents = document.createNode({});
  if (!isMap(document.contents)) throw new Error('the file is not a map of "party name: Category"');
  const map = document.contents;
  for (const mapping of mappings) {
    const key = mappingKey(mapping.party);
    const existingPair = map.items.find((pair) => isScalar(pair.key) && mappingKey(String(pair.key.value)) === key);
    if (existingPair) existingPair.value = document.createNode(mapping.category);
    else map.add(document.createPair(key, mapping.category));
  }
  return document.toString();
}

async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, text, { encoding: 'utf8', flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes learned mappings into `debtors.yaml` / `creditors.yaml` of `targetDir`. Each file
 * that already exists is first copied to `<file>.<timestamp>.bak`; the new content goes to a
 * temporary file renamed into place, so a crash leaves either the old or the new file.
 */
export async function saveMappingFiles(
  targetDir: string,
  mappings: readonly LearnedMapping[],
  now: Date = new Date(),
): Promise<SaveResult> {
  const result: SaveResult = { written: [], backups: [] };
  const byFile = new Map<MappingFileName, LearnedMapping[]>();
  for (const mapping of mappings) byFile.set(mapping.file, [...(byFile.get(mapping.file) ?? []), mapping]);
  for (const [name, entries] of byFile) {
    const file = join(targetDir, name);
    try {
      await mkdir(targetDir, { recursive: true });
      const existing = await readExisting(file);
      const text = mergeMappingsIntoYaml(existing, entries);
      if (existing !== undefined) {
        const backup = `${file}.${stamp(now)}.bak`;
        await copyFile(file, backup);
        result.backups.push(backup);
      }
      await writeAtomically(file, text);
      result.written.push(file);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CategorizerError('MAPPINGS_WRITE_FAILED', `cannot save learned mappings to ${file}: ${reason}`, {
        file,
        cause: error,
      });
    }
  }
  return result;
}
