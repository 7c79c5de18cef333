import { describe, expect, it } from 'vitest';
import { RequestLogWriter } from '../../server/logs/request-log';
import type { RequestLogRow } from '../../server/db/schema';

/**
 * The request log's queue without a server: rows are written in order in chunks of 500, kept while
 * the database refuses them, and a queue past its bound drops its oldest rows and says how many.
 * The database is a recording stand-in for Kysely's insert: compile() and executeQuery() only.
 */
function recordingDb(state: { failing: boolean; written: string[][] }) {
  const db = {
    insertInto: () => ({ values: (rows: RequestLogRow[]) => ({ compile: () => ({ sql: `insert ${rows.length}` }) }) }),
    async executeQuery(query: { sql: string; parameters: readonly unknown[] }) {
      if (state.failing) throw new Error('database away');
      // every row's id is the first of its nine bound values
      state.written.push(query.parameters.filter((_, i) => i % 9 === 0) as string[]);
      return { rows: [] };
    },
  };
  return db as never;
}

const row = (id: number): RequestLogRow => ({ id: String(id), createdAt: id, method: 'GET', path: '/api/x', status: 200, durationMs: 1, userId: null, account: null, ip: null });

describe('request log writer', () => {
  it('writes every queued row once, in order, in chunks of at most 500', async () => {
    const state = { failing: false, written: [] as string[][] };
    const writer = new RequestLogWriter(recordingDb(state), 20_000, () => undefined);
    for (let i = 0; i < 1_234; i++) writer.push(row(i));
    await writer.flush();
    expect(state.written.map((c) => c.length)).toEqual([500, 500, 234]);
    expect(state.written.flat()).toEqual(Array.from({ length: 1_234 }, (_, i) => String(i)));
    await writer.flush();
    expect(state.written).toHaveLength(3);
  });

  it('keeps rows while the database refuses them, drops the oldest past the bound and says how many', async () => {
    const state = { failing: true, written: [] as string[][] };
    const warnings: string[] = [];
    const writer = new RequestLogWriter(recordingDb(state), 1_000, (message) => warnings.push(message));
    for (let i = 0; i < 800; i++) writer.push(row(i));
    await writer.flush();
    expect(warnings).toEqual(['request log: could not write']);
    for (let i = 800; i < 1_600; i++) writer.push(row(i));
    state.failing = false;
    await writer.flush();
    // the oldest rows went a chunk (500) at a time to keep the queue within 1,000: 0–999; the 600 left are written in order
    expect(warnings[1]).toBe('request log: 1000 rows dropped while the database did not take them');
    expect(state.written.flat()).toEqual(Array.from({ length: 600 }, (_, i) => String(i + 1_000)));
  });
});
