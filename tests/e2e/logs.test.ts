import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenFor } from '../helpers/access';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, columnTexts, noReactErrors, pickOption, rows, sessionPage, waitRows, type Session } from './model-helpers';

/**
 * The audit log screen (schemas/admin/system-log-audit.json, issue 11 item 7): the administrator
 * opens 操作日志, filters it to the updates of one organisation, and opens a row's 详情, which
 * shows each changed field before and after.
 */

let e2e: E2E;
let admin: Session;
const A11Y = ['.scp-resource-page', '[role="dialog"]'];

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.database.db;
  const adminApi = api(e2e, await tokenFor(db, 'admin'));
  const company = (await db.selectFrom('baseOrganize').select('id').where('enCode', '=', 'scm').executeTakeFirstOrThrow()).id;
  const made = await adminApi.post('/api/permission/Organize/Department', { parentId: company, fullName: '日志测试部', enCode: 'e2e.logs', sortCode: 1 });
  expect(made.body.code, made.body.msg).toBe(200);
  const updated = await adminApi.put(`/api/permission/Organize/Department/${made.body.data.id}`, { parentId: company, fullName: '日志测试二部', enCode: 'e2e.logs', sortCode: 2 });
  expect(updated.body.code, updated.body.msg).toBe(200);
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

describe('the audit log in the browser', () => {
  it('lists changes, filters by action and keyword, and shows a row before and after', async () => {
    const { page, errors } = admin;
    await page.goto('/system/auditLog');
    await page.locator('[data-resource-page="system-log-audit"]').waitFor();
    await waitRows(page, 2);
    expect(await columnTexts(page, 'action')).toEqual(expect.arrayContaining(['新增', '修改']));
    // read-only: no 新增, 编辑 or 删除
    expect(await page.locator('[data-button="btn_add"], [data-button="btn_edit"], [data-button="btn_remove"]').count()).toBe(0);

    await page.locator('[data-search="keyword"]').fill('日志测试');
    await pickOption(page, page.locator('[data-search-field="action"] input').first(), '修改');
    await page.locator('[data-action="search"]').click();
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('table.scp-model-list tbody tr[data-row-id] td[data-cell="action"]')];
      return cells.length === 1 && cells[0]!.textContent?.trim() === '修改';
    });
    expect(await columnTexts(page, 'entityName')).toEqual(['日志测试二部']);
    expect(await columnTexts(page, 'entity')).toEqual(['组织']);
    expect(await seriousViolations(page, A11Y)).toEqual([]);

    await rows(page).first().locator('[data-button="btn_detail"]').click();
    const detail = page.locator('[role="dialog"]').filter({ has: page.locator('[data-field-key="changesText"]') });
    await detail.waitFor();
    const changes = detail.locator('[data-field-key="changesText"]');
    await expect.poll(() => changes.textContent()).toContain('日志测试部');
    const text = (await changes.textContent()) ?? '';
    expect(text).toContain('fullName: 日志测试部 → 日志测试二部');
    expect(text).toContain('fullName');
    expect(text).toContain('sortCode');
    expect(await detail.locator('[data-field-key="account"]').textContent()).toContain('admin');
    expect(await seriousViolations(page, A11Y)).toEqual([]);
    await detail.locator('[data-action="cancel"]').click();
    await detail.waitFor({ state: 'detached' });
    noReactErrors(errors);
  });
});
