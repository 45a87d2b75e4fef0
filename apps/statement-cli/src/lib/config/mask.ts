import { getKey, setKey } from './env-mapping';
import { SECRET_KEYS, type StmtConfig } from './schema';

/** A copy safe to print or log: secrets show only that they are set. */
export function maskSecrets(config: StmtConfig): StmtConfig {
  const copy = structuredClone(config) as unknown as Record<string, Record<string, unknown>>;
  for (const key of SECRET_KEYS) {
    if (getKey(copy, key) !== undefined) setKey(copy, key, '********');
  }
  return copy as unknown as StmtConfig;
}
