import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser';
import { api, noReactErrors, sessionPage, type Session } from './model-helpers';
import { axeViolations } from './axe';
import { makeUser } from '../helpers/access';
import { newId } from '../../server/db/ids';
import { bumpAccessVersion } from '../../server/auth/access-version';

/**
 * Enterprise certification in the browser (issue 21 item 1): the customer of a new, uncertified
 * organisation sees 未认证 on its home, fills /authentication (credit code checked as typed, area
 * through the address picker, licence image uploaded, a contact) and submits; ordering is refused
 * meanwhile; staff open it from 认证审核 with the licence image and approve; the customer reads 已认证.
 */
let e2e: E2E;
let customer: Session;
let staff: Session;
const COMPANY = '新锐钢贸有限公司';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.database.db;
  const organizeId = newId();
  await db.insertInto('baseOrganize').values({ id: organizeId, parentId: '-1', category: 'company', fullName: COMPANY, enCode: 'test.fresh', managerId: null, sortCode: 50, enabledMark: 1, description: null, createdAt: Date.now() }).execute();
  const user = await makeUser(db, 'freshbuyer');
  await db.updateTable('baseUser').set({ organizeId, userKind: 'customer', realName: '新锐采购' }).where('id', '=', user.userId).execute();
  // the customer role, as an approved registration gets it (its menus: the ordering pages)
  const role = await db.selectFrom('baseRole').select('id').where('enCode', '=', 'businessCustomer').executeTakeFirstOrThrow();
  await db.insertInto('baseUserRelation').values({ id: newId(), userId: user.userId, objectType: 'Role', objectId: role.id, sortCode: 0 }).execute();
  await bumpAccessVersion(db);
  customer = await sessionPage(e2e, 'freshbuyer');
  staff = await sessionPage(e2e, 'staff');
});
afterAll(async () => {
  await customer?.context.close();
  await staff?.context.close();
  await e2e?.close();
});

describe('enterprise certification', () => {
  it('a new customer submits with a licence image, cannot order meanwhile; staff approve from the queue; the status reads 已认证', async () => {
    const c = customer.page;
    // the home shows the status and the way to /authentication
    const homeStatus = () => c.getByTestId('home-certification').getByTestId('certification-status').textContent();
    const pageStatus = () => c.getByTestId('certification-banner').getByTestId('certification-status').textContent();
    await expect.poll(homeStatus).toBe('未认证');
    await c.getByTestId('home-go-certify').click();
    await c.waitForURL(/\/authentication$/);
    await c.getByTestId('certification-page').waitFor();
    await expect.poll(() => c.getByTestId('page-title').textContent()).toBe('企业中心');

    await c.getByTestId('cert-companyName').fill(COMPANY);
    // the credit code is checked as it is typed: a wrong check character, then the right one
    await c.getByTestId('cert-creditCode').fill('91350100M000100Y44');
    await c.getByText('统一社会信用代码无效：校验位不正确').waitFor();
    await c.getByTestId('cert-creditCode').fill('91350100m000100y43');
    await c.getByTestId('cert-code-valid').waitFor();
    await c.getByTestId('cert-legalPerson').fill('李四');
    const area = c.getByTestId('cert-area');
    await area.locator('[data-picker-field]').click();
    const dialog = c.getByRole('dialog', { name: '省市区' });
    await dialog.waitFor();
    const box = dialog.getByRole('textbox', { name: '请输入关键词查询' });
    await box.fill('西城');
    await box.press('Enter');
    await dialog.getByRole('button', { name: '西城区', exact: true }).first().click();
    await dialog.locator('[data-picker-confirm]').click();
    await dialog.waitFor({ state: 'hidden' });
    await area.locator('.mantine-Pill-root').first().waitFor();
    await c.getByTestId('cert-address').fill('金融街 1 号');
    const licence = c.getByTestId('cert-licence');
    await licence.locator('input[type="file"]').setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: PNG });
    await licence.locator('[data-thumbnail="营业执照.png"] img').waitFor();
    await c.getByTestId('contact-name-0').fill('王五');
    await c.getByTestId('contact-phone-0').fill('13900000001');
    await c.getByTestId('contact-title-0').fill('采购经理');
    expect(await axeViolations(c, { include: ['[data-testid="certification-page"]'] })).toEqual([]);

    await c.getByTestId('cert-submit').click();
    await expect.poll(pageStatus).toBe('审核中');
    await expect.poll(() => c.getByTestId('cert-companyName').isDisabled()).toBe(true);

    // ordering is refused until the certification is approved
    const refused = (await api(e2e, customer.token).post('/api/business/Order', { lines: [{ goodsId: 'any', tonnes: '1' }] })).body;
    expect(refused).toMatchObject({ code: 403, msg: '贵公司尚未通过企业认证，认证通过后才能下单' });

    // staff: 认证审核 lists it; opened, the licence image shows; approve
    const s = staff.page;
    await s.goto('/operations/certification');
    await s.getByTestId(`review-row-${COMPANY}`).waitFor();
    await s.getByTestId(`review-open-${COMPANY}`).click();
    const detail = s.getByRole('dialog', { name: '认证详情' });
    await detail.waitFor();
    await detail.getByTestId('review-licence').locator('img').first().waitFor();
    await expect.poll(() => detail.getByTestId('review-fields').textContent()).toContain('91350100M000100Y43');
    expect(await axeViolations(s, { include: ['[data-testid="certification-review-page"]', '.mantine-Modal-content'] })).toEqual([]);
    await detail.getByTestId('review-approve').click();
    await detail.waitFor({ state: 'hidden' });
    await s.getByTestId(`review-row-${COMPANY}`).waitFor({ state: 'detached' });

    // the customer reads 已认证, on the page and on the home
    await c.reload();
    await expect.poll(pageStatus).toBe('已认证');
    await c.goto('/home');
    await expect.poll(homeStatus).toBe('已认证');
    expect(await c.getByTestId('home-go-certify').count()).toBe(0);
    const allowed = (await api(e2e, customer.token).post('/api/business/Order', { lines: [{ goodsId: 'any', tonnes: '1' }] })).body;
    expect(allowed.msg).not.toBe('贵公司尚未通过企业认证，认证通过后才能下单');
    noReactErrors(customer.errors);
    noReactErrors(staff.errors);
  });
});
