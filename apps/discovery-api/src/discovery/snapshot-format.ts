import { readFile } from 'node:fs/promises';
import { SAMPLE_SNAPSHOT_PATH, parseSnapshot } from '@disc/market-data';
import { ApiError } from '../http/errors';

/** Checks a snapshot against the documented format (`@disc/screening`, docs/data-format.md)
 * before it is stored, so a bad file is refused at `data load` rather than breaking every
 * later request. Problems come back as VALIDATION_ERROR with their JSON paths. */
export function validateSnapshot(content: unknown, source = 'snapshot'): void {
  try {
    parseSnapshot(content, source);
  } catch (error) {
    const details = (error as { details?: Record<string, unknown> }).details ?? {};
    throw new ApiError('VALIDATION_ERROR', (error as Error).message, {
      details: { errors: details.errors ?? [], error_count: details.error_count ?? 0 },
      cause: error,
    });
  }
}

/** The bundled sample snapshot (synthetic SAMPLE DATA), for `data export` when no snapshot
 * was loaded. */
export async function bundledSampleSnapshot(): Promise<unknown> {
  return JSON.parse(await readFile(SAMPLE_SNAPSHOT_PATH, 'utf8')) as unknown;
}
