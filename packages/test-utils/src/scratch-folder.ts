import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A new folder under the system's temporary folder for each test of the enclosing `describe`
 * (or file), removed after the test whatever it did; `{ per: 'block' }` makes one folder
 * shared by all of the block's tests. Returns a function answering the current folder.
 */
export function scratchFolder(prefix: string, options: { per?: 'test' | 'block' } = {}): () => string {
  let path: string | undefined;
  const create = (): void => {
    path = mkdtempSync(join(tmpdir(), prefix));
  };
  const remove = (): void => {
    if (path !== undefined) rmSync(path, { recursive: true, force: true });
    path = undefined;
  };
  if (options.per === 'block') {
    beforeAll(create);
    afterAll(remove);
  } else {
    beforeEach(create);
    afterEach(remove);
  }
  return () => {
    if (path === undefined) throw new Error('scratchFolder: the folder exists only while a test runs');
    return path;
  };
}
