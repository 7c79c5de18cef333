import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stableStringify } from '../../src/runtime/compile';
import { checkDescriptor, loadDescriptors, ROOT } from '../../scripts/schema-lib';

/** Each descriptor in schemas/ compiles without errors and equals its snapshot in tests/snapshots/<kind>/<id>.json. */
describe('compiled-model snapshots', () => {
  const descriptors = loadDescriptors();
  it('schemas/ holds the demo pages the seed menu points at', () => {
    const ids = descriptors.map((d) => `${d.kind}:${(d.json as { id: string }).id}`);
    expect(ids).toEqual(expect.arrayContaining(['model:demo-model', 'dictionary:demo-dictionary', 'report:demo-report', 'portal:demo-portal', 'model:demo-warehouse']));
  });

  for (const descriptor of descriptors) {
    it(`${descriptor.file}`, () => {
      const { model, problems } = checkDescriptor(descriptor);
      expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
      const id = (descriptor.json as { id: string }).id;
      const path = join(ROOT, 'tests', 'snapshots', descriptor.kind, `${id}.json`);
      const hint = `compiled ${descriptor.kind} ${id} differs from tests/snapshots/${descriptor.kind}/${id}.json — if the change is intended, run \`npm run schema:snapshot\` and commit the snapshot`;
      expect(existsSync(path), `no snapshot: run \`npm run schema:snapshot\``).toBe(true);
      expect(JSON.parse(stableStringify(model)), hint).toEqual(JSON.parse(readFileSync(path, 'utf8')));
    });
  }
});
