import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CsvProfileError, SHIPPED_PROFILES, validateCsvProfile, type CsvProfile } from '@stmt/parser';
import { CliError } from './cli-error';
import { parseYamlFile } from './yaml-file';
import { docsPage } from '@fin/errors';

/** Where a user's CSV profiles live: `<database folder>/profiles/*.yaml`. */
export function profilesDir(databaseDir: string): string {
  return join(databaseDir, 'profiles');
}

/**
 * The user's CSV profiles (YAML), in file-name order; they are tried before the shipped ones. A
 * profile that is not valid YAML or breaks the schema is a configuration error (exit 6) naming
 * the file and the key, so a typo never silently falls back to another profile.
 */
export async function loadUserProfiles(databaseDir: string): Promise<CsvProfile[]> {
  const dir = profilesDir(databaseDir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => /\.ya?ml$/i.test(name) && !name.startsWith('.')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new CliError('CONFIG_INVALID', `Cannot read the CSV profiles folder ${dir}: ${(error as Error).message}.`, {
      cause: error,
    });
  }
  const profiles: CsvProfile[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const value = parseYamlFile(
      await readFile(path, 'utf8'),
      path,
      `Fix the profile (${docsPage('csv-profiles.md')}) and run again.`,
    );
    try {
      profiles.push(validateCsvProfile(value, path));
    } catch (error) {
      if (error instanceof CsvProfileError)
        throw new CliError('CONFIG_INVALID', `${error.message}. See ${docsPage('csv-profiles.md')}.`, { cause: error });
      throw error;
    }
  }
  const seen = new Set<string>();
  for (const profile of profiles) {
    if (seen.has(profile.name))
      throw new CliError(
        'CONFIG_INVALID',
        `Two CSV profiles in ${dir} are named ${JSON.stringify(profile.name)}; give each its own name.`,
      );
    seen.add(profile.name);
  }
  return profiles;
}

/**
 * `--profile NAME` must name a profile: one of the user's (`userProfiles`, from `loadUserProfiles`)
 * or a shipped one. A name that is neither is a mistyped flag value, so a usage error (exit 2)
 * listing the known names and where the user's profiles are looked for; not a parse error in the
 * input, which has nothing wrong with it.
 */
export function checkProfileName(
  name: string | undefined,
  userProfiles: readonly CsvProfile[],
  databaseDir: string,
): void {
  if (name === undefined) return;
  if (userProfiles.some((profile) => profile.name === name)) return;
  if (SHIPPED_PROFILES.some((profile) => profile.name === name)) return;
  const yours =
    userProfiles.length === 0
      ? `none of yours were found in ${profilesDir(databaseDir)}/*.yaml`
      : `yours (${profilesDir(databaseDir)}/*.yaml): ${userProfiles.map((profile) => profile.name).join(', ')}`;
  throw new CliError(
    'USAGE',
    `--profile ${JSON.stringify(name)} is not a CSV profile. Shipped: ${SHIPPED_PROFILES.map((profile) => profile.name).join(', ')}; ${yours}. Check the name, or --database if your profiles are in another folder.`,
  );
}
