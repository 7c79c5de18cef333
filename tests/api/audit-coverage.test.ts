import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/db/ids';
import { client, makeUser, tokenFor } from '../helpers/access';
import { startTestServer, type TestServer } from '../helpers/server';
import { goodsDefinition } from './visualdev-fixture';

/**
 * Writes that once changed data without an audit row: data-scope schemes, registration approval,
 * imports (dictionary, data interface), model definitions, message templates, short links and
 * what a person changes of themselves. Each must leave its create, update or delete with before and after.
 */
let server: TestServer;
let admin: ReturnType<typeof client>;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
  admin = client(server.url, await tokenFor(db(), 'admin'));
});
afterAll(async () => {
  await server?.close();
});

type Row = { entity: string; entityId: string; action: string; account: string | null; changes: { field: string; before: unknown; after: unknown }[] };

/** The audit rows of one entity id, oldest first (read from the table: the list's keyword search is tested in logs.test.ts). */
async function auditOf(entityId: string): Promise<Row[]> {
  const rows = await db().selectFrom('baseAuditLog').selectAll().where('entityId', '=', entityId).orderBy('createdAt').orderBy('id').execute();
  return rows.map((r) => ({ entity: r.entity, entityId: r.entityId, action: r.action, account: r.actorAccount, changes: JSON.parse(r.changes) }));
}
const change = (row: Row | undefined, field: string) => row?.changes.find((c) => c.field === field);
const upload = (content: unknown) => {
  const form = new FormData();
  form.append('file', new Blob([JSON.stringify(content)], { type: 'application/json' }), 'import.json');
  return form;
};
const postForm = async (path: string, form: FormData) => {
  const res = await fetch(`${server.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${await tokenFor(db(), 'admin')}` }, body: form });
  return (await res.json()) as { code: number; msg: string; data: any };
};

describe('audit coverage of writes that had none', () => {
  it('data-scope schemes: create, update and delete with before and after', async () => {
    const menuId = (await db().selectFrom('baseModule').select('id').where('enCode', '=', 'customerOrder').executeTakeFirstOrThrow()).id;
    const body = { fullName: '审计方案', enCode: 'auditScheme', scopeType: 'own' };
    const created = await admin.post(`/api/permission/Authority/Scheme/${menuId}`, body);
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    expect((await admin.put(`/api/permission/Authority/Scheme/${menuId}/${id}`, { ...body, scopeType: 'org' })).body.code).toBe(200);
    expect((await admin.del(`/api/permission/Authority/Scheme/${menuId}/${id}`)).body.code).toBe(200);
    const rows = await auditOf(id);
    expect(rows.map((r) => [r.entity, r.action, r.account])).toEqual([['dataScheme', 'create', 'admin'], ['dataScheme', 'update', 'admin'], ['dataScheme', 'delete', 'admin']]);
    expect(change(rows[0], 'scopeType')).toEqual({ field: 'scopeType', before: null, after: 'own' });
    expect(change(rows[1], 'scopeType')).toEqual({ field: 'scopeType', before: 'own', after: 'org' });
    expect(change(rows[2], 'enCode')).toEqual({ field: 'enCode', before: 'auditScheme', after: null });
  });

  it('registration approval: the account enabled in a new company with the customer role, and the company created', async () => {
    const user = await makeUser(db(), 'auditApplicant');
    await db().updateTable('baseUser').set({ enabledMark: 0 }).where('id', '=', user.userId).execute();
    await db().insertInto('baseRegistration').values({ id: newId(), userId: user.userId, mobile: '13900000099', companyName: '审计贸易', contactName: '王五', state: 'pending', createdAt: Date.now(), decidedAt: null, decidedBy: null }).execute();
    expect((await admin.put(`/api/permission/Users/${user.userId}/Actions/Approve`)).body.code).toBe(200);
    const [approval] = await auditOf(user.userId);
    expect(approval).toMatchObject({ entity: 'user', action: 'update', account: 'admin' });
    expect(change(approval, 'enabledMark')).toEqual({ field: 'enabledMark', before: 0, after: 1 });
    const organizeId = change(approval, 'organizeId')!.after as string;
    const customerRole = (await db().selectFrom('baseRole').select('id').where('enCode', '=', 'businessCustomer').executeTakeFirstOrThrow()).id;
    expect(change(approval, 'roleIds')!.after).toContain(customerRole);
    const [company] = await auditOf(organizeId);
    expect(company).toMatchObject({ entity: 'organize', action: 'create' });
    expect(change(company, 'fullName')).toEqual({ field: 'fullName', before: null, after: '审计贸易' });
  });

  it('dictionary import: the category and every entry as creates', async () => {
    const file = {
      kind: 'dictionary', version: 1,
      type: { id: 'x1', parentId: '-1', fullName: '审计分类', enCode: 'auditImported', isTree: 0, sortCode: 0, description: null },
      entries: [
        { id: 'e1', parentId: '0', fullName: '甲', enCode: 'a', sortCode: 0, enabledMark: 1, description: null },
        { id: 'e2', parentId: '0', fullName: '乙', enCode: 'b', sortCode: 1, enabledMark: 1, description: null },
      ],
    };
    const reply = await postForm('/api/system/DictionaryType/Action/Import', upload(file));
    expect(reply.code, reply.msg).toBe(200);
    const [type] = await auditOf(reply.data.id);
    expect(type).toMatchObject({ entity: 'dictionaryType', action: 'create' });
    expect(change(type, 'enCode')!.after).toBe('auditImported');
    const entries = await db().selectFrom('baseDictionaryData').select('id').where('dictionaryTypeId', '=', reply.data.id).execute();
    for (const entry of entries) expect((await auditOf(entry.id)).map((r) => `${r.entity}:${r.action}`)).toEqual(['dictionaryData:create']);
  });

  it('data-interface import is a create', async () => {
    const file = {
      kind: 'dataInterface', version: 1,
      interface: { fullName: '审计接口', enCode: 'auditImportedApi', type: 2, categoryId: null, dataSource: null, queryText: '[{"id":"1"}]', requestMethod: null, path: null, requestHeaders: [], requestParameters: [], responseFields: ['id'], enabledMark: 1, sortCode: 0, description: null },
    };
    const reply = await postForm('/api/system/DataInterface/Action/Import', upload(file));
    expect(reply.code, reply.msg).toBe(200);
    const [row] = await auditOf(reply.data.id);
    expect(row).toMatchObject({ entity: 'dataInterface', action: 'create' });
    expect(change(row, 'enCode')!.after).toBe('auditImportedApi');
  });

  it('model definitions: create, update, copy, release and delete', async () => {
    const created = await admin.post('/api/visualdev/Base', goodsDefinition('auditModel'));
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    expect((await admin.put(`/api/visualdev/Base/${id}`, { ...goodsDefinition('auditModel'), fullName: '审计模型' })).body.code).toBe(200);
    expect((await admin.post(`/api/visualdev/Base/${id}/Actions/Release`)).body.code).toBe(200);
    const copied = await admin.post(`/api/visualdev/Base/${id}/Actions/Copy`);
    expect(copied.body.code).toBe(200);
    expect((await admin.del(`/api/visualdev/Base/${copied.body.data.id}`)).body.code).toBe(200);
    const rows = await auditOf(id);
    expect(rows.map((r) => `${r.entity}:${r.action}`)).toEqual(['model:create', 'model:update', 'model:update']);
    expect(change(rows[1], 'fullName')!.after).toBe('审计模型');
    expect(change(rows[2], 'state')).toEqual({ field: 'state', before: 0, after: 1 });
    const copy = await auditOf(copied.body.data.id);
    expect(copy.map((r) => r.action)).toEqual(['create', 'delete']);
    expect(change(copy[1], 'enCode')!.before).toBe(change(copy[0], 'enCode')!.after);
  });

  it('message templates: create, update, copy and delete', async () => {
    const body = { fullName: '审计模板', enCode: 'auditTemplate', messageType: '2', channel: 'site', title: 't', content: 'c', sortCode: 0, enabledMark: 1, description: '' };
    const created = await admin.post('/api/message/MessageTemplateConfig', body);
    expect(created.body.code, created.body.msg).toBe(200);
    const id = created.body.data.id as string;
    expect((await admin.put(`/api/message/MessageTemplateConfig/${id}`, { ...body, title: 't2' })).body.code).toBe(200);
    const copied = await admin.post(`/api/message/MessageTemplateConfig/copy/${id}`);
    expect((await admin.del(`/api/message/MessageTemplateConfig/${id}`)).body.code).toBe(200);
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(change(rows[1], 'title')).toEqual({ field: 'title', before: 't', after: 't2' });
    expect((await auditOf(copied.body.data.id)).map((r) => r.action)).toEqual(['create']);
  });

  it('a person\'s own profile, language and signature images', async () => {
    const me = await makeUser(db(), 'auditSelf');
    const self = client(server.url, me.token);
    expect((await self.put('/api/permission/Users/Current/BaseInfo', { realName: '审计本人', postalAddress: '北京' })).body.code).toBe(200);
    expect((await self.put('/api/permission/Users/Current/SystemLanguage', { language: 'en' })).body.code).toBe(200);
    const rows = await auditOf(me.userId);
    expect(rows.map((r) => `${r.entity}:${r.action}:${r.account}`)).toEqual(['profile:update:auditSelf', 'profile:update:auditSelf']);
    expect(change(rows[0], 'realName')!.after).toBe('审计本人');
    expect(change(rows[0], 'postalAddress')).toEqual({ field: 'postalAddress', before: null, after: '北京' });
    expect(change(rows[1], 'language')!.after).toBe('en');

    const png = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
    const added = await self.post('/api/permission/Users/Current/SignImg', { signImg: png });
    expect(added.body.code, added.body.msg).toBe(200);
    expect((await self.del(`/api/permission/Users/Current/${added.body.data.id}/SignImg`)).body.code).toBe(200);
    const images = await auditOf(added.body.data.id);
    expect(images.map((r) => `${r.entity}:${r.action}`)).toEqual(['signImg:create', 'signImg:delete']);
    // the image itself never reaches the log
    expect(JSON.stringify(images)).not.toContain('base64');
  });
});
