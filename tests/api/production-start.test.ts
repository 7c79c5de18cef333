import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build.mjs';
import { PARTS, staleness, writeStamp } from '../../scripts/build-stamp.mjs';
import type { TestServer } from '../helpers/server';
import { call, login } from './oauth-client';
import { freePort } from '../helpers/free-port';

/**
 * `npm start` runs the server bundle (dist-server/main.js), not the TypeScript sources: bundle it
 * here the same way, start it as a process from the project folder and use it over HTTP. The
 * bundle is the same on both databases; it runs once, on SQLite.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe.skipIf(process.env.TEST_DB === 'postgres')('production start', () => {
  // Inside node_modules so the bundle resolves its packages from the project, as dist-server/ does.
  const outDir = fs.mkdtempSync(path.join(ROOT, 'node_modules', '.cache-prod-start-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-prod-start-'));
  const staticDir = path.join(dataDir, 'front-end');
  let imported: string[] = [];
  let child: ChildProcess | undefined;
  let output = '';
  const server = { url: '' } as TestServer;

  beforeAll(async () => {
    imported = await buildServer(outDir, { stamp: false });
    fs.mkdirSync(staticDir);
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>built front end</title>');
    const port = await freePort();
    server.url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [path.join(outDir, 'main.js')], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: staticDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      child!.once('exit', (code) => reject(new Error(`the bundle exited with ${code}:\n${output}`)));
      child!.stdout!.on('data', () => output.includes('is running at') && resolve());
    });
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('imports at run time only packages that `npm ci --omit=dev` installs', () => {
    expect(imported.length).toBeGreaterThan(5);
    expect(imported.filter((name) => !(name in pkg.dependencies))).toEqual([]);
    // The start script itself runs before any package could be missing.
    for (const file of ['scripts/start.mjs', 'scripts/build-stamp.mjs']) {
      const specifiers = [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^import [^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]);
      expect(specifiers.filter((s) => !s.startsWith('node:') && !s.startsWith('./')), file).toEqual([]);
    }
  });

  it('migrates and seeds a new database, serves the front end and signs a demo account in', async () => {
    expect(output).toContain('demo data seeded now');
    const page = await fetch(`${server.url}/home`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('built front end');

    const signIn = await login(server, 'admin');
    expect(signIn.body.code).toBe(200);
    const me = await call(server, '/api/oauth/CurrentUser', { token: signIn.body.data!.token });
    expect(me.body.code).toBe(200);
    expect(JSON.stringify(me.body.data)).toContain('admin');
  });

  it('reads descriptors from schemas/ and validates a record on a route compiled on first use', async () => {
    const token = (await login(server, 'admin')).body.data!.token;
    const headers = { origin: 'pc', authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const list = await fetch(`${server.url}/api/visualdev/OnlineDev/demo-model/List`, { method: 'POST', headers, body: JSON.stringify({ currentPage: 1, pageSize: 20 }) });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { code: number }).code).toBe(200);
    // A body of the wrong type is refused by the route's schema: the lazily compiled validator runs.
    const refused = await fetch(`${server.url}/api/visualdev/OnlineDev/demo-model/List`, { method: 'POST', headers, body: JSON.stringify({ currentPage: 'first' }) });
    expect(refused.status).toBe(400);
  });

  it('runs an SQL data interface in the bundled SQLite reader process (no tsx in a production install)', async () => {
    expect(fs.existsSync(path.join(outDir, 'sqlite-reader.js'))).toBe(true);
    const token = (await login(server, 'admin')).body.data!.token;
    const headers = { origin: 'pc', authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const found = await fetch(`${server.url}/api/system/DataInterface?keyword=recentUsers&currentPage=1&pageSize=20`, { headers });
    const id = ((await found.json()) as { data: { list: { id: string; enCode: string }[] } }).data.list.find((i) => i.enCode === 'recentUsers')!.id;
    const preview = await fetch(`${server.url}/api/system/DataInterface/${id}/Actions/Preview`, { method: 'POST', headers, body: '{}' });
    const reply = (await preview.json()) as { code: number; msg: string; data: unknown[] };
    expect(reply.code, reply.msg).toBe(200);
    expect(reply.data.length).toBeGreaterThan(0);
  });
});

describe('build stamps', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-stamp-'));
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  };
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('tells a fresh build from a missing or stale one by the contents of its inputs', () => {
    write('server/main.ts', 'a');
    write('public/logo.svg', '<svg/>');
    expect(staleness(root, 'server')).toBe('missing');
    writeStamp(root, PARTS.server.stamp, { files: ['server/main.ts'], dirs: ['public'] });
    expect(staleness(root, 'server')).toBeNull();

    // Same contents written again (a checkout, a copy): still fresh.
    write('server/main.ts', 'a');
    expect(staleness(root, 'server')).toBeNull();
    write('server/main.ts', 'b');
    expect(staleness(root, 'server')).toBe('stale');
    write('server/main.ts', 'a');
    write('public/new.svg', '<svg/>');
    expect(staleness(root, 'server')).toBe('stale');
    fs.rmSync(path.join(root, 'public/new.svg'));
    fs.rmSync(path.join(root, 'server/main.ts'));
    expect(staleness(root, 'server')).toBe('stale');
  });
});
