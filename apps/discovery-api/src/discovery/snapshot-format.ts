import { readFile } from 'node:fs/promises';
import { SAMPLE_SNAPSHOT_PATH, parseSnapshot } from '@disc/market-data';
import { ApiError } from '../http/errors';

/** Checks a snapshot against the documented format (`@disc/screening`, docs/data-format.md)
 * before it is stored, so a bad file is refused at `data load` rather than breaking every
 * later request. Problems come back as VALIDATION_ERROR with their JSON paths, each prefixed
 * with `at`: where the snapshot is in the request body (`/content` on the admin route). */
export function validateSnapshot(content: unknown, source = 'snapshot', at = ''): void {
  try {
    parseSnapshot(content, source);
  } catch (error) {
    const details = (error as { details?: { errors?: { path: string }[]; error_count?: number } }).details ?? {};
    throw new ApiError('VALIDATION_ERROR', (error as Error).message, {
      details: {
        location: 'body',
        errors: (details.errors ?? []).map((issue) => ({ ...issue, path: `${at}${issue.path}` })),
        error_count: details.error_count ?? 0,
      },
      cause: error,
    });
  }
}

/** The bundled sample snapshot (synthetic SAMPLE DATA), for `data export` when no snapshot
 * was loaded. */
export async function bundledSampleSnapshot(): Promise<unknown> {
  return JSON.parse(await readFile(SAMPLE_SNAPSHOT_PATH, 'utf8')) as unknown;
}
