import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { call, tokenOf } from './oauth-client';

/**
 * Contract with the product's own web client (JNPF 3.4.7): the profile page (GET/PUT
 * /api/permission/Users/Current/BaseInfo) and the dictionaries its selects read through
 * GET /api/system/DictionaryData/All (docs/COMPATIBILITY.md).
 */

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await tokenOf(server, 'admin');
});
afterAll(async () => {
  await server?.close();
});

const BASE = '/api/permission/Users/Current/BaseInfo';
type Entry = { id: string; enCode: string; fullName: string };
async function dictionary(enCode: string, language?: string): Promise<Entry[]> {
  const { body } = await call(server, '/api/system/DictionaryData/All', { token, headers: language ? { 'x-language': language } : {} });
  return body.data.list.find((c: { enCode: string }) => c.enCode === enCode)?.dictionaryList ?? [];
}
const idOf = async (category: string, fullName: string) => (await dictionary(category)).find((e) => e.fullName === fullName)!.id;

describe('the dictionaries of the profile selects', () => {
  it('sex, Education, Nation and certificateType, with the product’s values', async () => {
    expect((await dictionary('sex')).map((e) => [e.enCode, e.fullName])).toEqual([['1', '男'], ['2', '女'], ['3', '保密']]);
    expect((await dictionary('Education')).map((e) => e.fullName)).toEqual(['小学', '初中', '高中', '中专', '大专', '本科', '硕士', '博士', '其他']);
    const nations = await dictionary('Nation');
    expect(nations).toHaveLength(57);
    expect(nations.slice(0, 3).map((e) => [e.enCode, e.fullName])).toEqual([['01', '汉族'], ['02', '蒙古族'], ['03', '回族']]);
    expect((await dictionary('certificateType')).map((e) => e.fullName)).toEqual(['身份证', '护照', '军官证', '港澳居民来往内地通行证', '台湾居民来往大陆通行证', '外国人永久居留身份证', '其他']);
  });
});

describe('their names in the other languages (full_name_i18n, like every dictionary)', () => {
  it('zh-TW and en names; an administrator’s rename is shown as written', async () => {
    expect((await dictionary('sex', 'en')).map((e) => e.fullName)).toEqual(['Male', 'Female', 'Undisclosed']);
    expect((await dictionary('Nation', 'en'))[0].fullName).toBe('Han');
    expect((await dictionary('certificateType', 'zh-TW'))[0].fullName).toBe('身分證');
    const other = (await dictionary('Education')).find((e) => e.enCode === 'other')!;
    const renamed = await call(server, `/api/system/DictionaryData/${other.id}`, {
      method: 'PUT', token, json: { fullName: '其它学历', fullName_i18n: {}, enCode: 'other', parentId: '0', sortCode: 8, enabledMark: 1 },
    });
    expect(renamed.body.code).toBe(200);
    expect((await dictionary('Education', 'en')).find((e) => e.enCode === 'other')!.fullName).toBe('其它学历');
  });
});

describe('GET BaseInfo: every name the product’s profile page reads', () => {
  it('the account tab (read-only) and the personal data tab', async () => {
    const { body } = await call(server, BASE, { token });
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      account: 'admin', organize: '供应链管理有限公司/信息部', manager: null, position: '开发工程师', roleId: '管理员',
      creatorTime: expect.any(Number), entryDate: Date.UTC(2018, 2, 1),
      realName: '管理员', gender: 1, nation: await idOf('Nation', '汉族'), nativePlace: '上海', certificatesType: await idOf('certificateType', '身份证'),
      certificatesNumber: '11010519491231002X', education: await idOf('Education', '硕士'), birthday: Date.UTC(1985, 4, 20), telePhone: '021-60000000',
      landline: '021-61111111', mobilePhone: '13800000000', email: 'admin@example.com', urgentContacts: '李联系', urgentTelePhone: '13900000000',
      postalAddress: '上海市浦东新区世纪大道100号', signature: '系统管理员',
    });
    expect(body.data).toHaveProperty('prevLogTime');
    for (const old of ['organizeName', 'managerName', 'positionName', 'roleName', 'createdAt', 'prevLoginTime', 'mobile']) expect(body.data).not.toHaveProperty(old);
  });
});

describe('PUT BaseInfo with the product’s names', () => {
  const put = (json: unknown, headers?: Record<string, string>) => call(server, BASE, { method: 'PUT', token, json, headers });

  it('saves the form as the product sends it: gender as the sex code in text, dictionary ids, mobilePhone, read-only fields ignored', async () => {
    const form = {
      realName: '管理员', gender: '2', nation: await idOf('Nation', '回族'), nativePlace: '北京', certificatesType: await idOf('certificateType', '护照'),
      certificatesNumber: 'E12345678', education: await idOf('Education', '博士'), birthday: Date.UTC(1986, 0, 2), telePhone: '010-1234567',
      landline: '010-7654321', mobilePhone: '13900000009', email: 'root@example.com', urgentContacts: '王五', urgentTelePhone: '13700000000',
      postalAddress: '北京市', signature: '你好', organize: 'x', roleId: 'x', creatorTime: 1, account: 'hacker',
    };
    const { body } = await put(form);
    expect(body.code, body.msg).toBe(200);
    const { organize, roleId, creatorTime, account, gender, ...sent } = form;
    expect(body.data).toMatchObject({ ...sent, gender: 2, account: 'admin', organize: '供应链管理有限公司/信息部', roleId: '管理员' });
    expect(body.data.creatorTime).not.toBe(1);
    // '' clears, as the product's form sends an emptied field.
    const cleared = await put({ nation: '', telePhone: '', gender: '' });
    expect(cleared.body.data).toMatchObject({ nation: null, telePhone: null, gender: null, nativePlace: '北京' });
  });

  it('refuses values that are not options of their dictionary, and a wrong ID card number, writing nothing', async () => {
    expect((await put({ nation: 'no-such-id' })).body).toEqual({ code: 400, msg: '民族不是可选的值' });
    expect((await put({ education: await idOf('Nation', '汉族') }, { 'x-language': 'en' })).body.msg).toBe('Education: not one of the options');
    expect((await put({ gender: 7 })).body.msg).toBe('性别不是可选的值');
    const idCard = await idOf('certificateType', '身份证');
    expect((await put({ certificatesType: idCard, certificatesNumber: '110105194912310021', nativePlace: '天津' })).body.msg).toBe('请正确输入身份证号码');
    expect((await call(server, BASE, { token })).body.data.nativePlace).toBe('北京');
    const ok = await put({ certificatesType: idCard, certificatesNumber: '11010519491231002X' });
    expect(ok.body.data).toMatchObject({ certificatesType: idCard, certificatesNumber: '11010519491231002X' });
  });
});
