import { sql } from 'kysely';
import type { openDatabase } from '../server/db';
import { newId } from '../server/db/ids';
import { releasedModel } from '../server/modules/visualdev/model-store';
import { insertRecords } from '../server/modules/visualdev/record-store';
import type { TestServer } from '../tests/helpers/server';
import { login } from '../tests/api/oauth-client';

/** The model the list benchmarks read (the demo seed's goods model). */
export const DEMO_MODEL = 'demo-model';

/**
 * Inserts records into the demo model until it holds `size` (it holds `have`), as staff created
 * them, in bulk through the record store's own insert (index and count rows included), 2,000 to a
 * transaction; shared by bench/request-cost.ts and bench/scale-out.ts.
 */
export async function fillDemoRecords(open: () => ReturnType<typeof openDatabase>, size: number, have = 0): Promise<void> {
  if (size <= have) return;
  const handle = await open();
  try {
    const { db } = handle;
    const model = await releasedModel(db, DEMO_MODEL);
    const staff = await db.selectFrom('baseUser').select(['id', 'organizeId', 'positionId']).where('account', '=', 'staff').executeTakeFirstOrThrow();
    const now = Date.now();
    for (let start = have; start < size; start += 2000) {
      const rows = Array.from({ length: Math.min(2000, size - start) }, (_, k) => {
        const i = start + k;
        const data = {
          goodsCode: `G${i}`, goodsName: `商品 ${i}`, category: 'food', unit: 'pcs', price: i % 1000, safetyStock: i % 50, onSale: i % 2,
          storage: 'normal', creatorUserId: staff.id, creatorTime: now - i * 1000,
        };
        return {
          id: newId(), modelId: DEMO_MODEL, data: JSON.stringify(data), createdBy: staff.id, createdAt: now - i * 1000, modifiedBy: null, modifiedAt: null,
          organizeId: null, departmentId: staff.organizeId, positionId: staff.positionId,
        };
      });
      await db.transaction().execute((trx) => insertRecords(trx, model, rows));
    }
    // PostgreSQL: what autovacuum does after a bulk load (statistics, the visibility map); the
    // server never runs ANALYZE on SQLite, so neither does the bench
    if (handle.dialect === 'postgres') await sql.raw('vacuum analyze').execute(db);
  } finally {
    await handle.close();
  }
}

/** Signs `account` in on the server at `url`; the headers of a signed-in JSON request. */
export async function signedInHeaders(url: string, account: string): Promise<Record<string, string>> {
  const signedIn = await login({ url } as TestServer, account);
  if (signedIn.body.code !== 200 || !signedIn.body.data) throw new Error(`sign-in of ${account} failed: ${signedIn.body.msg}`);
  return { authorization: `Bearer ${signedIn.body.data.token}`, 'content-type': 'application/json' };
}
