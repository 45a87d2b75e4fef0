import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseCategories, parseMappings } from './database-files';
import type { CategoryRule, PartyMapping } from './database-files';
import { CategorizerError } from './errors';
import { cachedDocument, readParsedCache, writeParsedCache } from './parsed-cache';
import type { MappingFileName } from './types';

/** The three files of a database folder, merged from the shipped and the user's folder. */
export interface CategoryDatabase {
  categories: CategoryRule[];
  /** Parties of debits (we pay them), keyed by `mappingKey`. */
  debtors: Map<string, PartyMapping>;
  /** Parties of credits (they pay us), keyed by `mappingKey`. */
  creditors: Map<string, PartyMapping>;
}

export const CATEGORIES_FILE = 'categories.yaml';
export const DEBTORS_FILE: MappingFileName = 'debtors.yaml';
export const CREDITORS_FILE: MappingFileName = 'creditors.yaml';

async function readOptional(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new CategorizerError('DATABASE_UNREADABLE', `cannot read ${file}: ${(error as Error).message}`, {
      file,
      cause: error,
    });
  }
}

/** Reads one database folder; a missing folder or file counts as empty. */
export async function loadDatabaseDir(dir: string): Promise<CategoryDatabase> {
  const categoriesFile = join(dir, CATEGORIES_FILE);
  const debtorsFile = join(dir, DEBTORS_FILE);
  const creditorsFile = join(dir, CREDITORS_FILE);
  const [categories, debtors, creditors, cache] = await Promise.all([
    readOptional(categoriesFile),
    readOptional(debtorsFile),
    readOptional(creditorsFile),
    readParsedCache(dir),
  ]);
  return {
    categories:
      categories === undefined
        ? []
        : parseCategories(categories, categoriesFile, cachedDocument(cache, CATEGORIES_FILE, categories)),
    debtors:
      debtors === undefined
        ? new Map<string, PartyMapping>()
        : parseMappings(debtors, debtorsFile, cachedDocument(cache, DEBTORS_FILE, debtors)),
    creditors:
      creditors === undefined
        ? new Map<string, PartyMapping>()
        : parseMappings(creditors, creditorsFile, cachedDocument(cache, CREDITORS_FILE, creditors)),
  };
}

/** Writes the parsed form of a database folder's three files beside them (see parsed-cache.ts); returns the names cached. */
export function writeDatabaseCache(dir: string): Promise<string[]> {
  return writeParsedCache(dir, [CATEGORIES_FILE, DEBTORS_FILE, CREDITORS_FILE]);
}

export function emptyDatabase(): CategoryDatabase {
  return { categories: [], debtors: new Map(), creditors: new Map() };
}

/**
 * The user's folder wins entry by entry: a party mapped in both takes the user's category, and
 * a category defined in both takes the user's keywords. Everything else of the shipped folder
 * stays, so saving a few learned mappings never hides the starter set.
 */
export function mergeDatabases(base: CategoryDatabase, override: CategoryDatabase): CategoryDatabase {
  const overridden = new Set(override.categories.map((rule) => rule.name.toLowerCase()));
  return {
    // The user's categories come first so that they also win ties between equally long keywords.
    categories: [...override.categories, ...base.categories.filter((rule) => !overridden.has(rule.name.toLowerCase()))],
    debtors: new Map([...base.debtors, ...override.debtors]),
    creditors: new Map([...base.creditors, ...override.creditors]),
  };
}
