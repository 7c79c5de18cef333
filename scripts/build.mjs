// `npm run build`: the front end with Vite into dist/ and the server bundled with esbuild into
// dist-server/main.js, each followed by its stamp (scripts/build-stamp.mjs). Needs the dev
// dependencies; `npm start` runs it only for a part whose build is missing or stale.
//
//   node scripts/build.mjs [web] [server] [--server-out <dir>]
//
// --server-out bundles the server elsewhere without a stamp (the production-start test).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PARTS, projectFile, writeStamp } from './build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/**
 * Files that shape every build besides the modules it reads; the lock file stands for the
 * packages bundled in (all of them in the front end, BUNDLED_PACKAGES in the server).
 */
const BUILD_FILES = ['scripts/build.mjs', 'scripts/build-stamp.mjs', 'tsconfig.json', 'package.json', 'package-lock.json'];

/** The front end: Vite with the project's config; the stamp lists every project module it read. */
export async function buildWeb() {
  const { build } = await import('vite');
  const read = new Set();
  await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [
      {
        name: 'scp-build-inputs',
        buildEnd() {
          for (const id of this.getModuleIds()) {
            const rel = projectFile(ROOT, id);
            if (rel) read.add(rel);
          }
        },
      },
    ],
  });
  writeStamp(ROOT, PARTS.web.stamp, {
    files: [...read, ...BUILD_FILES, 'index.html', 'vite.config.ts', 'postcss.config.cjs'],
    dirs: ['public'],
  });
}

/**
 * Packages bundled into the server file rather than imported at run time: pure ES-module packages
 * of hundreds of small files that only our code loads. Resolving and linking their files was a
 * third of the start-up load; every other package stays an import (native modules, packages that
 * read files beside themselves, and those Fastify loads too, which would otherwise load twice).
 */
const BUNDLED_PACKAGES = new Set(['kysely', 'typebox']);

const packageName = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/**
 * The server: server/main.ts and what it imports from src/, one ESM file (and the SQLite
 * interface reader's child, another); packages other than
 * BUNDLED_PACKAGES stay imports resolved from node_modules at run time (they must be
 * `dependencies`). Returns the packages it imports.
 */
export async function buildServer(outDir = path.join(ROOT, PARTS.server.outDir), { stamp = true } = {}) {
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    // The SQLite interface reader runs as a child process (server/modules/data-interface/sqlite-reader).
    entryPoints: { main: 'server/main.ts', 'sqlite-reader': 'server/modules/data-interface/sqlite-reader/child.ts' },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    plugins: [
      {
        name: 'scp-external-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.kind === 'entry-point' || BUNDLED_PACKAGES.has(packageName(args.path))) return undefined;
            return { path: args.path, external: true };
          });
        },
      },
    ],
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs)
    .map((file) => projectFile(ROOT, path.resolve(ROOT, file)))
    .filter((file) => file !== null);
  if (stamp) writeStamp(ROOT, PARTS.server.stamp, { files: [...inputs, ...BUILD_FILES] });
  const imported = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const i of output.imports) if (i.external && !i.path.startsWith('node:')) imported.add(packageName(i.path));
  }
  return [...imported].sort();
}

async function main(args) {
  const outAt = args.indexOf('--server-out');
  const serverOut = outAt >= 0 ? path.resolve(args[outAt + 1]) : undefined;
  const named = args.filter((a, i) => a in PARTS && args[i - 1] !== '--server-out');
  const parts = named.length ? named : Object.keys(PARTS);
  for (const part of parts) {
    const started = Date.now();
    if (part === 'web') await buildWeb();
    else await buildServer(serverOut, { stamp: !serverOut });
    const where = part === 'server' && serverOut ? path.relative(ROOT, serverOut) || '.' : PARTS[part].outDir;
    console.log(`[build] ${part} → ${where}/ in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
