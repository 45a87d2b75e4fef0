import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CategorizerError, resolveApiKey } from '@stmt/categorizer';

describe('resolveApiKey', () => {
  it('prefers AI_API_KEY', () => {
    expect(resolveApiKey({ AI_API_KEY: ' sk-direct ', AI_API_KEY_FILE: '/nonexistent' })).toBe('sk-direct');
  });

  it('reads and trims the file named by AI_API_KEY_FILE', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'key-'));
    await writeFile(join(dir, 'key'), 'sk-from-file\n');
    expect(resolveApiKey({ AI_API_KEY_FILE: join(dir, 'key') })).toBe('sk-from-file');
  });

  it('is undefined with neither, and an error for an unreadable file', () => {
    expect(resolveApiKey({})).toBeUndefined();
    expect(() => resolveApiKey({ AI_API_KEY_FILE: '/nonexistent/key' })).toThrow(CategorizerError);
    expect(() => resolveApiKey({ AI_API_KEY_FILE: '/nonexistent/key' })).toThrow(
      'AI_API_KEY_FILE names /nonexistent/key, which cannot be read (ENOENT)',
    );
  });
});
