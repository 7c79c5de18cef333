/**
 * npm run schema:snapshot — writes a normalised, key-sorted snapshot of each compiled
 * descriptor to tests/snapshots/<kind>/<id>.json (tests/unit/snapshots.test.ts compares).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatProblem, stableStringify } from '../src/runtime/compile';
import { checkDescriptor, loadDescriptors, ROOT } from './schema-lib';

export const SNAPSHOT_DIR = join(ROOT, 'tests', 'snapshots');

let written = 0;
let failed = false;
const keep = new Set<string>();
for (const descriptor of loadDescriptors()) {
  const { model, problems } = checkDescriptor(descriptor);
  for (const problem of problems) if (problem.severity === 'error') console.error(formatProblem(problem));
  const id = (descriptor.json as { id?: unknown } | undefined)?.id;
  if (!model || typeof id !== 'string' || problems.some((p) => p.severity === 'error')) {
    failed = true;
    continue;
  }
  const dir = join(SNAPSHOT_DIR, descriptor.kind);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${id}.json`);
  writeFileSync(path, stableStringify(model));
  keep.add(path);
  written++;
}
// snapshots of descriptors that no longer exist are removed
for (const kind of ['model', 'dictionary', 'report', 'portal']) {
  const dir = join(SNAPSHOT_DIR, kind);
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    continue;
  }
  for (const name of names) if (name.endsWith('.json') && !keep.has(join(dir, name)) && !failed) rmSync(join(dir, name));
}
console.log(`${written} snapshot(s) written to tests/snapshots/`);
process.exit(failed ? 1 : 0);
