/**
 * Front-end bundle size (issue 8, item 10): builds the front end with the project's Vite config
 * into a temporary folder and reports every chunk (raw and gzip), the initial JavaScript (the
 * entry chunk and every chunk it imports statically: what index.html loads before the first
 * page) and how many copies of ajv the browser gets (package copies, Ajv classes, JSON Schema
 * meta-schema documents, modules that construct an Ajv).
 *
 *   node --import tsx bench/bundle-size.ts [--results]
 *
 * --results rewrites the bundle rows of bench/results.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const INITIAL_LIMIT_KB = 350;

interface Chunk {
  file: string;
  isEntry: boolean;
  imports: string[];
  raw: number;
  gzip: number;
  modules: string[];
}

async function buildChunks(): Promise<Chunk[]> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-bundle-size-'));
  const chunks: Chunk[] = [];
  const collect: Plugin = {
    name: 'bundle-size',
    generateBundle(_options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.push({
          file: item.fileName,
          isEntry: item.isEntry,
          imports: item.imports,
          raw: Buffer.byteLength(item.code),
          gzip: gzipSync(item.code).length,
          modules: Object.keys(item.modules),
        });
      }
    },
  };
  try {
    await build({ root: ROOT, configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn', plugins: [collect], build: { outDir, emptyOutDir: true } });
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  return chunks;
}

/** The entry chunks and everything they import statically (index.html preloads exactly these). */
function initialChunks(chunks: Chunk[]): Chunk[] {
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of byFile.get(file)?.imports ?? []) visit(next);
  };
  for (const c of chunks) if (c.isEntry) visit(c.file);
  return [...seen].map((f) => byFile.get(f)!).filter(Boolean);
}

/** Package root of a module id (…/node_modules/a/node_modules/@b/c/x.js → …/node_modules/@b/c), or null. */
function packageRoot(id: string, name: string): string | null {
  const at = id.lastIndexOf(`/node_modules/${name}/`);
  return at < 0 ? null : id.slice(0, at + `/node_modules/${name}`.length);
}

export interface AjvCount {
  packages: number;
  formatsPackages: number;
  classes: string[];
  metaSchemas: string[];
  constructing: string[];
}

/** What of ajv the browser gets, across all chunks (lazy ones too: a page can load any of them). */
function countAjv(chunks: Chunk[]): AjvCount {
  const modules = [...new Set(chunks.flatMap((c) => c.modules))];
  const roots = (name: string) => new Set(modules.map((id) => packageRoot(id, name)).filter(Boolean)).size;
  const inAjv = (id: string) => /\/node_modules\/ajv\/dist\//.test(id);
  const rel = (id: string) => id.replace(/^.*\/node_modules\//, '');
  return {
    packages: roots('ajv'),
    formatsPackages: roots('ajv-formats'),
    classes: modules.filter((id) => inAjv(id) && /\/dist\/(ajv|2019|2020|jtd)\.js$/.test(id)).map(rel),
    metaSchemas: modules.filter((id) => inAjv(id) && /\/dist\/refs\/.*\.json$/.test(id) && !id.endsWith('/data.json')).map(rel),
    // Modules that construct an Ajv class by name (rjsf constructs the class it is given: ours hands it the shared instance).
    constructing: modules
      .filter((id) => !inAjv(id) && !id.startsWith('\0') && fs.existsSync(id.replace(/\?.*$/, '')))
      .filter((id) => /new\s+Ajv(2019|2020)?\s*\(/.test(fs.readFileSync(id.replace(/\?.*$/, ''), 'utf8')))
      .map((id) => path.relative(ROOT, id).replace(/^node_modules\//, '')),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function writeResults(initialGzip: number, ajv: AjvCount, chunks: Chunk[]) {
  const file = path.join(ROOT, 'bench/results.md');
  const MARK = '| 8 (10) |';
  const header = '| issue | target | measured | target value | met/missed |\n|---|---|---|---|---|';
  const kept = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith(MARK)) : header.split('\n');
  const big = [...chunks].sort((a, b) => b.gzip - a.gzip).slice(0, 4);
  const rows = [
    `${MARK} initial JavaScript (entry + static imports), gzip | ${kb(initialGzip)} (${initialChunks(chunks).length} chunks) | ≤ ${INITIAL_LIMIT_KB} KB | ${initialGzip <= INITIAL_LIMIT_KB * 1024 ? 'met' : 'missed'} |`,
    `${MARK} ajv in the browser: one copy | ${ajv.packages} ajv package, ${ajv.formatsPackages} ajv-formats, ${ajv.classes.length} Ajv class (${ajv.classes.join(', ')}), ${ajv.metaSchemas.length} meta-schema document, ${ajv.constructing.length} module constructing an Ajv | 1 each | ${ajv.packages === 1 && ajv.formatsPackages <= 1 && ajv.classes.length === 1 && ajv.metaSchemas.length === 1 && ajv.constructing.length <= 1 ? 'met' : 'missed'} |`,
    `${MARK} chunk sizes (gzip; all ${chunks.length} chunks: \`bench/bundle-size.ts\`) | ${big.map((c) => `${path.basename(c.file).replace(/-[\w-]{8}\.js$/, '')} ${kb(c.gzip)}`).join(', ')}; total ${kb(chunks.reduce((n, c) => n + c.gzip, 0))} | reported | reported |`,
  ];
  fs.writeFileSync(file, `${[...kept, ...rows].join('\n')}\n`);
  console.log(`\n${rows.join('\n')}\n(written to bench/results.md)`);
}

async function main() {
  const chunks = (await buildChunks()).sort((a, b) => b.gzip - a.gzip);
  const initial = new Set(initialChunks(chunks).map((c) => c.file));
  console.log('chunk                                          raw        gzip   initial');
  for (const c of chunks) console.log(`${c.file.padEnd(44)} ${kb(c.raw).padStart(10)} ${kb(c.gzip).padStart(10)}   ${initial.has(c.file) ? 'yes' : ''}`);
  const initialGzip = chunks.filter((c) => initial.has(c.file)).reduce((n, c) => n + c.gzip, 0);
  console.log(`\ninitial JavaScript: ${kb(initialGzip)} gzip in ${initial.size} chunks (limit ${INITIAL_LIMIT_KB} KB)`);
  const ajv = countAjv(chunks);
  console.log('ajv in the browser:', JSON.stringify(ajv, null, 1));
  if (process.argv.includes('--results')) writeResults(initialGzip, ajv, chunks);
}

await main();
