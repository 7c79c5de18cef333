import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { E2E } from './browser';
import { api } from './model-helpers';

/** The real definitions of ../shared/corpus (CORPUS_DIR overrides), read at test time. */
export const CORPUS = process.env.CORPUS_DIR ?? path.resolve(process.cwd(), '../shared/corpus');

export const corpusForms: string[] = fs.existsSync(path.join(CORPUS, 'forms'))
  ? fs.readdirSync(path.join(CORPUS, 'forms')).filter((f) => f.endsWith('.json')).sort()
  : [];

/** forms/<name>.form.json pairs with columns/<name>.columns.json when there is one. */
export function corpusColumns(form: string): string | null {
  const base = form.replace(/\.form\.json$/, '').replace(/\.json$/, '');
  const file = path.join(CORPUS, 'columns', `${base}.columns.json`);
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
}

/** Creates a visual-development model of a corpus form through the Base API, as an author would, and releases it. */
export async function releaseCorpusModel(e2e: E2E, token: string, file: string, name: string, enCode: string): Promise<string> {
  const c = api(e2e, token);
  const formData = fs.readFileSync(path.join(CORPUS, 'forms', file), 'utf8');
  const columnData = corpusColumns(file);
  const made = await c.post<{ id: string }>('/api/visualdev/Base', {
    fullName: name, enCode, category: 'corpus', type: 1, webType: 2, formData, ...(columnData ? { columnData } : {}),
  });
  expect(made.body.code, JSON.stringify(made.body)).toBe(200);
  const id = made.body.data!.id;
  const released = await c.post(`/api/visualdev/Base/${id}/Actions/Release`);
  expect(released.body.code, JSON.stringify(released.body)).toBe(200);
  return id;
}
