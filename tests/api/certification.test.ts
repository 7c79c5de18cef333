import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { client, makeUser, tokenFor } from '../helpers/access';
import { singleUpload } from './upload-client';
import { newId } from '../../server/db/ids';
import { bumpAccessVersion } from '../../server/auth/access-version';

/**
 * Enterprise certification (issue 21 item 1; docs/BUSINESS.md "Enterprise certification"): a
 * customer's organisation submits, staff approve or reject from the queue (which also holds pending
 * self-registrations), ordering waits for the first approval, another organisation's certification
 * is never visible, every change is in the audit log and the customer's users are told.
 */
let server: TestServer;
let staff: ReturnType<typeof client>;
let customer2: ReturnType<typeof client>;
let clerk: ReturnType<typeof client>;
let fresh: { api: ReturnType<typeof client>; token: string; userId: string; organizeId: string };
let area: string[];

const db = () => server.database.db;
const CODE = '91350100M000100Y43';
/** a 1×1 PNG */
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

/** A customer user in a new customer organisation (a company), with a session. */
async function newCustomer(account: string, company: string) {
  const organizeId = newId();
  await db().insertInto('baseOrganize').values({ id: organizeId, parentId: '-1', category: 'company', fullName: company, enCode: `test.${account}`, managerId: null, sortCode: 50, enabledMark: 1, description: null, createdAt: Date.now() }).execute();
  const user = await makeUser(db(), account);
  await db().updateTable('baseUser').set({ organizeId, userKind: 'customer' }).where('id', '=', user.userId).execute();
  await bumpAccessVersion(db());
  return { api: client(server.url, user.token), token: user.token, userId: user.userId, organizeId };
}

beforeAll(async () => {
  server = await startTestServer();
  staff = client(server.url, await tokenFor(db(), 'staff'));
  customer2 = client(server.url, await tokenFor(db(), 'customer2'));
  clerk = client(server.url, (await makeUser(db(), 'clerk')).token);
  fresh = await newCustomer('freshbuyer', '新锐钢贸有限公司');
  // a province, one of its cities, one of that city's districts
  const province = await db().selectFrom('baseArea').select('id').where('parentId', '=', '-1').orderBy('sortCode').executeTakeFirstOrThrow();
  const city = await db().selectFrom('baseArea').select('id').where('parentId', '=', province.id).orderBy('sortCode').executeTakeFirstOrThrow();
  const district = await db().selectFrom('baseArea').select('id').where('parentId', '=', city.id).orderBy('sortCode').executeTakeFirstOrThrow();
  area = [province.id, city.id, district.id];
});
afterAll(async () => {
  await server?.close();
});

const filled = (licenceFile: unknown, version: number) => ({
  companyName: '新锐钢贸有限公司', creditCode: CODE.toLowerCase(), legalPerson: '李四', area, address: '人民路 1 号', licenceFile, contacts: [{ name: '王五', phone: '13900000001', title: '采购经理' }], version,
});

describe('enterprise certification', () => {
  it('a customer drafts, submits with a valid code and a licence image; staff reject with a reason, then approve; ordering waits for it', async () => {
    const none = (await fresh.api.get('/api/business/Certification')).body.data;
    expect(none).toMatchObject({ id: null, status: null, certified: false, companyName: '新锐钢贸有限公司', version: 0 });
    const refused = (await fresh.api.post('/api/business/Order', { lines: [{ goodsId: 'x', tonnes: '1' }] })).body;
    expect(refused).toMatchObject({ code: 403, msg: '贵公司尚未通过企业认证，认证通过后才能下单' });

    // a draft may be incomplete (a wrong code is kept as typed, checked on submission)
    const draft = (await fresh.api.put('/api/business/Certification', { companyName: '新锐钢贸', creditCode: '91350100M000100Y44', version: 0 })).body;
    expect(draft).toMatchObject({ code: 200, data: { status: 0, version: 1, creditCode: '91350100M000100Y44' } });
    const licence = (await singleUpload(server.url, fresh.token, PNG, '营业执照.png', 'annexpic')).data;
    expect(licence.fileId).toBeTruthy();
    const file = { name: '营业执照.png', fileId: licence.fileId, url: '' };

    const bad = async (body: Record<string, unknown>) => (await fresh.api.post('/api/business/Certification/Submit', { ...filled(file, 1), ...body })).body;
    expect(await bad({ creditCode: '91350100M000100Y44' })).toMatchObject({ code: 400, msg: '统一社会信用代码无效：校验位不正确' });
    expect((await bad({ creditCode: '91350100M00010' })).msg).toBe('统一社会信用代码无效：应为 18 位');
    expect((await bad({ legalPerson: ' ' })).msg).toBe('请填写法定代表人');
    expect((await bad({ licenceFile: null })).msg).toBe('请填写营业执照');
    expect((await bad({ area: [area[0], area[2]] })).msg).toBe('所在地区无效，请重新选择');
    expect((await bad({ contacts: [{ name: '王五' }] })).msg).toBe('联系人最多 10 位，每位须填写姓名和电话');
    expect((await bad({ version: 0 })).msg).toBe('认证资料已被他人修改，请刷新后重试');
    // someone else's upload is not a licence the caller may give
    const theirs = (await singleUpload(server.url, await tokenFor(db(), 'customer2'), PNG, '别人的.png', 'annexpic')).data;
    expect((await bad({ licenceFile: { name: 'x.png', fileId: theirs.fileId, url: '' } })).msg).toBe('营业执照须为您上传的图片文件');

    const submitted = (await fresh.api.post('/api/business/Certification/Submit', filled(file, 1))).body;
    expect(submitted).toMatchObject({ code: 200, data: { status: 1, version: 2, creditCode: CODE, certified: false } });
    const id = submitted.data.id as string;
    expect((await fresh.api.put('/api/business/Certification', filled(file, 2))).body.msg).toBe('认证资料审核中，审核完成前不能修改');

    // the queue: staff see it; a staff member without the permission does not
    const queue = (await staff.get(`/api/business/Certification/Queue?keyword=${encodeURIComponent('新锐')}`)).body.data;
    expect(queue.list).toEqual([expect.objectContaining({ kind: 'certification', id, companyName: '新锐钢贸有限公司', creditCode: CODE, status: 1, version: 2 })]);
    expect((await clerk.get('/api/business/Certification/Queue')).body.code).toBe(403);
    expect((await staff.get(`/api/business/Certification/Queue/${id}`)).body.data).toMatchObject({ licenceFile: { fileId: licence.fileId }, contacts: [{ name: '王五' }] });
    // staff read the licence image through the file service (the customer uploaded it)
    expect((await staff.get(`/api/file/Uploader/Preview?fileId=${licence.fileId}`)).body.code).toBe(200);

    expect((await staff.post(`/api/business/Certification/${id}/Reject`, { version: 2, reason: ' ' })).body.msg).toBe('请填写驳回原因');
    const rejected = (await staff.post(`/api/business/Certification/${id}/Reject`, { version: 2, reason: '执照照片不清晰' })).body;
    expect(rejected).toMatchObject({ code: 200, data: { status: 3, reason: '执照照片不清晰', certified: false } });
    expect((await staff.post(`/api/business/Certification/${id}/Approve`, { version: 3 })).body.msg).toBe('该认证不在待审核状态');

    const again = (await fresh.api.post('/api/business/Certification/Submit', filled(file, 3))).body;
    expect(again).toMatchObject({ code: 200, data: { status: 1, reason: null } });
    expect((await staff.post(`/api/business/Certification/${id}/Approve`, { version: 3 })).body.msg).toBe('认证资料已被他人修改，请刷新后重试');
    const approved = (await staff.post(`/api/business/Certification/${id}/Approve`, { version: 4 })).body;
    expect(approved).toMatchObject({ code: 200, data: { status: 2, certified: true } });
    expect((await fresh.api.post('/api/business/Order', { lines: [{ goodsId: 'x', tonnes: '1' }] })).body.msg).not.toBe('贵公司尚未通过企业认证，认证通过后才能下单');

    // a change after approval is a new submission; the organisation stays certified meanwhile
    const change = (await fresh.api.post('/api/business/Certification/Submit', { ...filled(file, 5), address: '人民路 2 号' })).body;
    expect(change).toMatchObject({ code: 200, data: { status: 1, certified: true, address: '人民路 2 号' } });
    expect((await fresh.api.post('/api/business/Order', { lines: [{ goodsId: 'x', tonnes: '1' }] })).body.msg).not.toBe('贵公司尚未通过企业认证，认证通过后才能下单');

    // the customer's users were told both decisions
    const titles = (await db().selectFrom('baseMessageReceive as r').innerJoin('baseMessage as m', 'm.id', 'r.messageId').select('m.title').where('r.userId', '=', fresh.userId).execute()).map((m) => m.title);
    expect(titles).toEqual(expect.arrayContaining(['企业认证被驳回：新锐钢贸有限公司', '企业认证已通过：新锐钢贸有限公司']));

    // every change in the audit log
    const audit = await db().selectFrom('baseAuditLog').select(['entity', 'action', 'actorAccount']).where('entityId', '=', id).orderBy('createdAt').orderBy('id').execute();
    expect(audit.map((a) => `${a.entity} ${a.action} ${a.actorAccount}`)).toEqual([
      'certification create freshbuyer', 'certification update freshbuyer', 'certification update staff', 'certification update freshbuyer', 'certification update staff', 'certification update freshbuyer',
    ]);
  });

  it("another organisation's certification is never visible nor changeable", async () => {
    const own = (await customer2.get('/api/business/Certification')).body.data;
    // the demo customers are seeded certified
    expect(own).toMatchObject({ status: 2, certified: true, organizeName: '华南客户公司' });
    const theirs = (await fresh.api.get('/api/business/Certification')).body.data;
    expect(own.id).not.toBe(theirs.id);
    expect((await customer2.get(`/api/business/Certification/Queue/${theirs.id}`)).body.code).toBe(403);
    expect((await customer2.post(`/api/business/Certification/${theirs.id}/Approve`, { version: theirs.version })).body.code).toBe(403);
    expect((await customer2.get(`/api/file/Uploader/Preview?fileId=${theirs.licenceFile.fileId}`)).body.code).toBe(404);
    expect((await staff.get('/api/business/Certification/Queue/nothing')).body.code).toBe(404);
    // staff belong to no customer organisation: a clear refusal
    expect((await staff.get('/api/business/Certification')).body).toMatchObject({ code: 403, msg: '只有客户组织的用户可以办理企业认证' });
  });

  it('pending self-registrations wait in the same queue and are approved from it', async () => {
    const user = await makeUser(db(), 'applicant');
    await db().updateTable('baseUser').set({ enabledMark: 0, userKind: 'customer' }).where('id', '=', user.userId).execute();
    await db().insertInto('baseRegistration').values({ id: newId(), userId: user.userId, mobile: '13900000088', companyName: '待审贸易', contactName: '赵六', state: 'pending', createdAt: Date.now(), decidedAt: null, decidedBy: null }).execute();
    const queue = (await staff.get('/api/business/Certification/Queue')).body.data;
    expect(queue.list).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'registration', id: user.userId, companyName: '待审贸易', applicant: '赵六', mobile: '13900000088' })]));
    expect((await staff.get('/api/business/Certification/Queue?kind=certification')).body.data.list.some((i: { kind: string }) => i.kind === 'registration')).toBe(false);
    expect((await clerk.post(`/api/business/Certification/Registration/${user.userId}/Approve`)).body.code).toBe(403);
    expect((await staff.post(`/api/business/Certification/Registration/${user.userId}/Approve`)).body).toMatchObject({ code: 200, msg: '已通过注册申请' });
    const registration = await db().selectFrom('baseRegistration').select('state').where('userId', '=', user.userId).executeTakeFirstOrThrow();
    expect(registration.state).toBe('approved');
    const account = await db().selectFrom('baseUser').select(['enabledMark', 'organizeId']).where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(account.enabledMark).toBe(1);
    expect((await staff.get('/api/business/Certification/Queue')).body.data.list.some((i: { id: string }) => i.id === user.userId)).toBe(false);
    // approved twice: refused, never a second company
    expect((await staff.post(`/api/business/Certification/Registration/${user.userId}/Approve`)).body.code).toBe(400);
    // the new company is not certified yet: it may not order until it is
    const applicant = client(server.url, user.token);
    expect((await applicant.get('/api/business/Certification')).body.data).toMatchObject({ status: null, certified: false, organizeId: account.organizeId });
  });
});
