// What npm shows for each package: metadata, its own LICENSE, README links that work on
// npmjs.com (absolute), and tarball contents without build info or source maps whose sources
// do not ship (the consumer test checks the tarballs themselves).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..');
const dirs = ['packages', 'apps']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .filter((dir) => existsSync(join(dir, 'package.json')));

describe.each(dirs.map((dir) => [dir.slice(root.length + 1), dir]))('%s', (_relative, dir) => {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, unknown> & {
    files?: string[];
    repository?: { directory?: string };
  };

  it('has repository, homepage, bugs, keywords, license and author', () => {
    for (const field of ['repository', 'homepage', 'bugs', 'keywords', 'license', 'author'])
      expect({ field, present: manifest[field] !== undefined }).toEqual({ field, present: true });
    expect(manifest.license).toBe('MIT');
    expect(manifest.repository?.directory).toBe(dir.slice(root.length + 1));
    expect((manifest.keywords as string[]).length).toBeGreaterThan(0);
  });

  it('ships its own LICENSE and a README whose links are absolute', () => {
    expect(existsSync(join(dir, 'LICENSE'))).toBe(true);
    const readme = readFileSync(join(dir, 'README.md'), 'utf8');
    const relative = [...readme.matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!)
      .filter((link) => !/^(https?:|mailto:|#)/.test(link));
    expect(relative).toEqual([]);
  });

  it('leaves source maps and build info out of its tarball', () => {
    if (!manifest.files?.includes('dist')) return;
    expect(manifest.files).toEqual(expect.arrayContaining(['!dist/**/*.map', '!dist/.tsbuildinfo']));
  });
});
