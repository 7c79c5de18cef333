import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { expectPath, startE2E, type E2E } from './browser';
import { api, noReactErrors, sessionPage, type Session } from './model-helpers';
import { makeUser } from '../helpers/access';
import { newId } from '../../server/db/ids';
import { bumpAccessVersion } from '../../server/auth/access-version';
import { createEngine } from '../../server/modules/flow/versions';
import { encodeFlowConfig } from '../../src/pages/flow/flowConfig';
import type { RawFlowNode } from '../../src/runtime/flow';

/**
 * Signing and printing a flow in the browser (issue 16 items 2 and 6): the approver's pass dialog
 * offers their own signatures with the default one chosen; the history then shows the signature
 * image; 打印 lists the demo 审批单 and previews it filled with the approval rows. Axe on both dialogs.
 */
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TITLE = '签名打印流程';

let e2e: E2E;
let boss: Session;
let employee: Session;
let taskId: string;

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.database.db;
  const b = await makeUser(db, 'signBoss');
  const w = await makeUser(db, 'signEmployee');
  const staffRole = await db.selectFrom('baseRole').select('id').where('enCode', '=', 'staff').executeTakeFirstOrThrow();
  for (const u of [b, w]) await db.insertInto('baseUserRelation').values({ id: newId(), userId: u.userId, objectType: 'Role', objectId: staffRole.id, sortCode: 1 }).execute();
  await bumpAccessVersion(db);
  const template: RawFlowNode = {
    type: 'start', nodeId: 'S', properties: { title: '发起人', initiator: [], initiatePos: [] },
    childNode: { type: 'approver', nodeId: 'A', properties: { title: '主管审批', assigneeType: 6, approvers: [b.userId], approverPos: [], circulateUser: [], circulatePosition: [], rejectStep: '0' }, childNode: null },
  };
  const flowId = await createEngine(db, { enCode: 'signPrintE2E', fullName: '签名审批', template });
  [boss, employee] = [await sessionPage(e2e, 'signBoss'), await sessionPage(e2e, 'signEmployee')];
  expect((await api(e2e, boss.token).post('/api/permission/Users/Current/SignImg', { signImg: PNG })).body.code).toBe(200);
  const launched = await api(e2e, employee.token).post('/api/workflow/Engine/FlowTask', { flowId, formData: {}, flowTitle: TITLE });
  expect(launched.body.code, JSON.stringify(launched.body)).toBe(200);
  taskId = launched.body.data.id as string;
});
afterAll(async () => {
  for (const s of [boss, employee]) await s?.context.close();
  await e2e?.close();
});

describe('signing and printing a flow', () => {
  it('the approver passes with their default signature; the history shows it', async () => {
    const { page } = boss;
    await page.goto(`/workFlowDetail?config=${encodeFlowConfig({ taskId })}`);
    await page.getByTestId('flow-title').filter({ hasText: TITLE }).waitFor();
    await page.getByTestId('flow-act-pass').click();
    const root = page.getByTestId('flow-dialog-pass');
    const dialog = root.getByRole('dialog');
    await dialog.getByTestId('flow-sign-choice').waitFor();
    // the default signature is chosen; 不签名 is offered
    await expect.poll(() => dialog.getByRole('radio', { name: '签名 1（默认）' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('radio', { name: '不签名' }).isChecked()).toBe(false);
    await dialog.getByLabel('审批意见').fill('同意，已签名');
    expect(await seriousViolations(page, ['[data-testid="flow-dialog-pass"]'])).toEqual([]);
    await dialog.getByTestId('flow-dialog-confirm').click();
    await expectPath(page, '/daiban');
    noReactErrors(boss.errors);

    const e = employee.page;
    await e.goto(`/workFlowDetail?config=${encodeFlowConfig({ taskId })}`);
    const signed = e.getByTestId('flow-history').getByRole('img', { name: 'signBoss的签名' });
    await signed.waitFor();
    expect(await signed.getAttribute('src')).toBe(PNG);
    expect(await e.getByTestId('flow-record-sign').count()).toBe(1); // the initiate record is unsigned
  });

  it('打印 lists the demo 审批单 and previews it with the approval rows', async () => {
    const e = employee.page;
    await e.getByTestId('flow-print').click();
    await e.getByTestId('flow-print-template').filter({ hasText: '审批单' }).click();
    const preview = e.getByTestId('flow-print-preview').getByRole('dialog');
    await preview.waitFor();
    const frame = e.frameLocator('[data-testid="flow-print-frame"]');
    await frame.locator('h2', { hasText: '审批单' }).waitFor();
    const rows = frame.locator('tr', { hasText: '主管审批' });
    await expect.poll(() => rows.textContent()).toContain('同意，已签名');
    expect(await rows.textContent()).toContain('signBoss');
    expect(await frame.locator('tr', { hasText: '发起人' }).count()).toBeGreaterThanOrEqual(1);
    expect(await frame.locator('td', { hasText: TITLE }).count()).toBe(1);
    expect(await seriousViolations(e, ['[data-testid="flow-print-preview"]'])).toEqual([]);
    await preview.getByRole('button', { name: '关闭' }).first().click();
    await e.getByTestId('flow-print-preview').waitFor({ state: 'detached' });
    noReactErrors(employee.errors);
  });
});
