import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, noReactErrors, sessionPage, type Session } from './model-helpers';

/**
 * Flow definitions in the browser (issue 16 item 1): the administrator opens 流程设计, imports the
 * product's 请假申请 template through the upload, sees its diagram (the split's two branches with
 * their conditions side by side), and disables the new flow.
 */
let e2e: E2E;
let admin: Session;
const FILE = join(import.meta.dirname, '../../schemas/flows/leaveApply.flow.json');

beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

const engines = async () => (await api(e2e, admin.token).get('/api/workflow/Engine/FlowEngine?pageSize=100')).body.data.list as { id: string; enCode: string; fullName: string; enabledMark: number }[];

describe('流程设计', () => {
  it('imports a corpus template through the upload, shows its diagram, and disables it', async () => {
    const { page, errors } = admin;
    await page.goto('/system/flowEngine');
    await page.locator('[data-page="system-flowEngine"]').waitFor();
    expect(await page.getByTestId('under-construction').count()).toBe(0);

    await page.getByTestId('flow-import').click();
    const dialog = page.locator('[data-dialog="flowEngineImport"]');
    await dialog.waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('flow-import-file').click();
    await (await chooser).setFiles(FILE);
    await page.getByTestId('flow-import-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await engines()).map((e) => `${e.enCode}:${e.fullName}`)).toEqual(['leaveApply:请假申请']);

    // the import opens the new flow's detail with its diagram
    const diagram = page.locator('[data-flow-diagram]');
    await diagram.waitFor();
    await expect.poll(() => diagram.getByRole('group', { name: '条件分支' }).count()).toBe(1);
    const branches = diagram.getByRole('group', { name: /^分支 \d/ });
    expect(await branches.count()).toBe(2);
    expect(await branches.nth(0).textContent()).toContain('请假天数 <= 3');
    expect(await branches.nth(1).textContent()).toContain('老板审批');
    expect(await diagram.locator('[data-node]').count()).toBe(6);
    expect(await diagram.getByLabel(/^审批节点 · 主管审批/).count()).toBe(1);
    expect(await seriousViolations(page, ['[data-flow-diagram]', '[role="dialog"]'])).toEqual([]);
    await page.keyboard.press('Escape');
    await diagram.waitFor({ state: 'detached' });

    const row = page.locator('tr[data-engine="leaveApply"]');
    await row.getByRole('switch').click({ force: true });
    await expect.poll(async () => (await engines())[0]!.enabledMark).toBe(0);
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(false);
    expect(await seriousViolations(page, ['[data-page="system-flowEngine"]'])).toEqual([]);
    noReactErrors(errors);
  });
});
