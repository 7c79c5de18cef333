// `npm start`: builds what is missing or stale (front end, server bundle), then runs the compiled
// server in this process. Node built-ins only: on a production install (`npm ci --omit=dev`) with
// a fresh build nothing but dist/ and dist-server/ is needed.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PARTS, staleness } from './build-stamp.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(ROOT, PARTS.server.outDir, 'main.js');

function buildToolsInstalled() {
  const require = createRequire(path.join(ROOT, 'package.json'));
  try {
    require.resolve('vite/package.json');
    require.resolve('esbuild/package.json');
    return true;
  } catch {
    return false;
  }
}

const stale = Object.keys(PARTS)
  .map((part) => ({ part, why: staleness(ROOT, part) }))
  .filter((p) => p.why);

if (stale.length) {
  const list = stale.map((p) => `${p.part} (${p.why})`).join(', ');
  if (buildToolsInstalled()) {
    console.log(`[start] building ${list}`);
    const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), ...stale.map((p) => p.part)], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  } else if (stale.some((p) => p.why === 'missing')) {
    console.error(`[start] no build of ${list} and no build tools: run \`npm ci && npm run build\`, then start (a production install may omit dev dependencies after that).`);
    process.exit(1);
  } else {
    console.warn(`[start] the build of ${list} is older than its sources and the build tools are not installed: starting the existing build.`);
  }
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER).href);
