import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type Change, invalidationOf, KeptValues } from '../../server/cache/invalidation';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';

/** The driver announces committed writes (server/db/observed-dialect.ts) with the rows they pin. */
let handle: DatabaseHandle;
let dir: string;
const heard: Change[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-invalidation-'));
  handle = await openDatabase({ dataDir: dir });
  await migrateToLatest(handle.db);
  invalidationOf(handle.db)!.subscribe(['base_session', 'base_user', 'base_dictionary_type'], (change) => heard.push(change));
});
afterAll(async () => {
  await handle.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const session = (id: string) => ({ id, tokenHash: `h${id}`, userId: 'u1', createdAt: 1, lastSeenAt: 1, expiresAt: 2, revokedAt: null, revokedCode: null, locked: 0, ip: null, userAgent: null });

describe('committed writes reach the bus', () => {
  it('names the rows an update or delete pins among its AND-ed conditions, and any row otherwise', async () => {
    const db = handle.db;
    heard.length = 0;
    await db.updateTable('baseSession').set({ locked: 1 }).where('userId', '=', 'u1').where('revokedAt', 'is', null).where('id', '!=', 'x').execute();
    await db.deleteFrom('baseUser').where('id', 'in', ['a', 'b']).execute();
    await db.updateTable('baseSession').set({ locked: 0 }).where((eb) => eb.or([eb('id', '=', 'a'), eb('userId', '=', 'b')])).execute();
    await db.selectFrom('baseSession').selectAll().execute();
    expect(heard).toEqual([
      { table: 'base_session', keys: { user_id: ['u1'] } },
      { table: 'base_user', keys: { id: ['a', 'b'] } },
      { table: 'base_session', keys: null },
    ]);
  });

  it('names an insert\'s rows by their values; a raw write names its table', async () => {
    const db = handle.db;
    heard.length = 0;
    await db.insertInto('baseSession').values([session('s1'), session('s2')]).execute();
    await sql`update base_session set locked = 0 where id = ${'s1'}`.execute(db);
    expect(heard[0]).toMatchObject({ table: 'base_session', keys: { id: ['s1', 's2'], token_hash: ['hs1', 'hs2'], user_id: ['u1', 'u1'] } });
    expect(heard[1]).toEqual({ table: 'base_session', keys: null });
  });

  it('announces a transaction\'s writes at its commit, and nothing of a rollback', async () => {
    const db = handle.db;
    heard.length = 0;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('baseSession').set({ locked: 1 }).where('id', '=', 's1').execute();
      expect(heard).toEqual([]); // not yet committed: others still read the old row
    });
    expect(heard).toEqual([{ table: 'base_session', keys: { id: ['s1'] } }]);
    heard.length = 0;
    await expect(db.transaction().execute(async (trx) => {
      await trx.updateTable('baseSession').set({ locked: 0 }).where('id', '=', 's1').execute();
      throw new Error('abandoned');
    })).rejects.toThrow('abandoned');
    expect(heard).toEqual([]);
  });
});

describe('kept values', () => {
  it('drops a kept value on a write naming its key or none, keeps it on others, and never keeps a load a change overtook', async () => {
    const db = handle.db;
    const kept = new KeptValues<string>(['base_user'], 'id');
    let loads = 0;
    const load = (value: string) => async () => {
      loads += 1;
      return value;
    };
    expect(await kept.get(db, 'a', load('A1'))).toBe('A1');
    expect(await kept.get(db, 'a', load('A2'))).toBe('A1');
    await db.updateTable('baseUser').set({ theme: 'x' }).where('id', '=', 'other').execute();
    expect(await kept.get(db, 'a', load('A3'))).toBe('A1');
    await db.updateTable('baseUser').set({ theme: 'x' }).where('id', '=', 'a').execute();
    expect(await kept.get(db, 'a', load('A4'))).toBe('A4');
    await db.updateTable('baseUser').set({ theme: 'x' }).execute();
    expect(await kept.get(db, 'a', load('A5'))).toBe('A5');
    // a load that read before a change was announced is answered but not kept
    const racing = kept.get(db, 'b', async () => {
      await db.updateTable('baseUser').set({ theme: 'y' }).where('id', '=', 'b').execute();
      return 'stale';
    });
    expect(await racing).toBe('stale');
    expect(await kept.get(db, 'b', load('B1'))).toBe('B1');
    expect(loads).toBe(4);
    // a transaction has no bus: nothing read through it is kept
    await db.transaction().execute(async (trx) => {
      expect(await kept.get(trx, 'c', load('C1'))).toBe('C1');
      expect(await kept.get(trx, 'c', load('C2'))).toBe('C2');
    });
  });
});
