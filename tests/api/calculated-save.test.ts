import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, tokenFor } from '../helpers/access';

/**
 * Calculated values are the server's (issue 13 item 5): whatever number a client sends for a
 * stored calculated field or a calculated sub-table column, the record holds the value the shared
 * evaluator computes from the record itself, on create and on update; sub-table rows are checked
 * cell by cell; a model whose expression breaks the calculator's rule is not accepted.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
let modelId: string;

const col = (jnpfKey: string, label: string, vModel: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) =>
  ({ __config__: { jnpfKey, label, ...config }, __vModel__: vModel, ...extra });
const form = (total: unknown) => ({
  fields: [
    {
      __config__: {
        jnpfKey: 'table', label: '明细',
        children: [
          col('comInput', '名称', 'name', {}, { required: true }),
          col('inputNumber', '数量', 'qty'),
          col('inputNumber', '单价', 'price'),
          col('calculate', '金额', 'amount', { expression: ['items.qty', '×', 'items.price'] }),
        ],
      },
      __vModel__: 'items',
    },
    col('inputNumber', '运费', 'fee'),
    col('calculate', '总额', 'total', { expression: total }),
    col('calculate', '仅显示', 'preview', { expression: ['fee', '×', '2'] }, { isStorage: 0 }),
  ],
});

async function release(formData: unknown, enCode: string): Promise<{ code: number; id?: string; msg?: string }> {
  const created = await admin.post('/api/visualdev/Base', { fullName: enCode, enCode, category: 'test', type: 1, formData: JSON.stringify(formData) });
  if (created.body.code !== 200) return { code: created.body.code, msg: created.body.msg };
  const id = created.body.data.id as string;
  const released = await admin.post(`/api/visualdev/Base/${id}/Actions/Release`);
  return { code: released.body.code, id, msg: released.body.msg };
}

const storedOf = async (id: string) =>
  JSON.parse((await server.database.db.selectFrom('visualdevRecord').select('data').where('id', '=', id).executeTakeFirstOrThrow()).data) as Record<string, unknown>;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(server.database.db, 'admin'));
  const made = await release(form(['(', 'items.amount', '+', 'fee', ')', '×', '2']), 'calcSave');
  expect(made.code, made.msg).toBe(200);
  modelId = made.id!;
});
afterAll(async () => {
  await server?.close();
});

describe('calculated values on save', () => {
  it('recomputes a tampered total and row amounts on create and on update; a calculation not stored is not kept', async () => {
    const sent = { items: [{ name: 'a', qty: 2, price: 1.5, amount: 1000 }, { name: 'b', qty: 3, price: 0.333, amount: -1 }], fee: 1, total: 999999, preview: 42 };
    const saved = await admin.post(`/api/visualdev/OnlineDev/${modelId}`, { data: sent });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const id = saved.body.data.id as string;
    let stored = await storedOf(id);
    expect((stored.items as Record<string, unknown>[]).map((r) => r.amount)).toEqual([3, 1]); // 3 × 0.333 = 0.999 → 1
    expect(stored.total).toBe(10); // (3 + 1 + 1) × 2
    expect(stored).not.toHaveProperty('preview');

    const updated = await admin.put(`/api/visualdev/OnlineDev/${modelId}/${id}`, { data: { fee: 'abc', total: 1 } });
    expect(updated.body.code, updated.body.msg).not.toBe(200); // fee must be a number
    const updated2 = await admin.put(`/api/visualdev/OnlineDev/${modelId}/${id}`, { data: { fee: 0.5, total: 1 } });
    expect(updated2.body.code, updated2.body.msg).toBe(200);
    stored = await storedOf(id);
    expect(stored.total).toBe(9); // (4 + 0.5) × 2, not the 1 sent
  });

  it('refuses a row whose required cell is empty, naming the cell, and writes nothing', async () => {
    const before = await server.database.db.selectFrom('visualdevRecord').select('id').where('modelId', '=', modelId).execute();
    const refused = await admin.post(`/api/visualdev/OnlineDev/${modelId}`, { data: { items: [{ name: 'x', qty: 1 }, { qty: 2, price: 1 }] } });
    expect(refused.body.code).toBe(400);
    expect(refused.body.data.errors).toEqual([expect.objectContaining({ field: 'items.1.name', message: '名称不能为空' })]);
    const after = await server.database.db.selectFrom('visualdevRecord').select('id').where('modelId', '=', modelId).execute();
    expect(after.length).toBe(before.length);
  });

  it('does not accept a model whose expression is outside the rule (function definition, assignment, import)', async () => {
    for (const [i, expression] of ['f(x)=1', 'fee=1', 'import({}, {})', ['fee', '+']].entries()) {
      const made = await release(form(expression), `calcBad${i}`);
      expect(made.code, JSON.stringify(expression)).not.toBe(200);
    }
  });
});
