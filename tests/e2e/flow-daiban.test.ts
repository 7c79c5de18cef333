import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { expectPath, startE2E, type E2E } from './browser';
import { api, formItem, noReactErrors, sessionPage, type Session } from './model-helpers';
import { makeUser } from '../helpers/access';
import { newId } from '../../server/db/ids';
import { bumpAccessVersion } from '../../server/auth/access-version';
import { createEngine } from '../../server/modules/flow/versions';
import type { RawFlowNode } from '../../src/runtime/flow';

/**
 * A flow in the browser (issue 16 items 2 and 7): the product's 出差报销 template with a second
 * approver (财务审批) added. The employee files it through 发起流程; their superior sees it in
 * /daiban, opens it, edits the one field the node lets them write and passes with an opinion;
 * finance returns it to the start; the employee opens it from the flow message, edits and
 * resubmits; the superior (whose list refreshes on the message) and finance pass it; the history
 * shows each handle and the status reads 已通过. Both pages pass axe.
 */
const FLOWS = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../shared/corpus'), 'flows');
const TITLE = '上海出差报销';

let e2e: E2E;
let boss: Session;
let finance: Session;
let employee: Session;
let taskId: string;
let bossId: string;
let financeId: string;

function template(financeId: string): RawFlowNode {
  const root = JSON.parse(readFileSync(join(FLOWS, 'travelReimbursement.flow.json'), 'utf8')) as RawFlowNode & { childNode: RawFlowNode & { properties: Record<string, unknown> } };
  const first = root.childNode;
  const rights = (first.properties.formOperates as { id: string; name: string; read: boolean; write: boolean }[]).map((r) => ({
    ...r, write: r.id === 'loanAmount', read: r.id !== 'other',
  }));
  // the initiator's superior instead of the department's manager (the test's users have no department manager)
  first.properties = { ...first.properties, assigneeType: 1, formOperates: rights };
  first.childNode = {
    type: 'approver', nodeId: 'financeStep', content: '财务',
    properties: { title: '财务审批', approvers: [financeId], approverPos: [], assigneeType: 6, formOperates: rights.map((r) => ({ ...r, write: false, read: true })), circulateUser: [], circulatePosition: [], rejectStep: '0' },
    childNode: null,
  } as RawFlowNode;
  return root;
}

beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.database.db;
  const b = await makeUser(db, 'flowBoss');
  const f = await makeUser(db, 'flowFinance');
  const w = await makeUser(db, 'flowEmployee');
  await db.updateTable('baseUser').set({ managerId: b.userId }).where('id', '=', w.userId).execute();
  // the staff role: the shell needs a menu, and 工作流程 / 待办事项 is granted to staff
  const staffRole = await db.selectFrom('baseRole').select('id').where('enCode', '=', 'staff').executeTakeFirstOrThrow();
  for (const u of [b, f, w]) await db.insertInto('baseUserRelation').values({ id: newId(), userId: u.userId, objectType: 'Role', objectId: staffRole.id, sortCode: 1 }).execute();
  await bumpAccessVersion(db);
  [bossId, financeId] = [b.userId, f.userId];
  const flowId = await createEngine(db, { enCode: 'travelE2E', fullName: '出差报销', template: template(f.userId) });
  [boss, finance, employee] = [await sessionPage(e2e, 'flowBoss'), await sessionPage(e2e, 'flowFinance'), await sessionPage(e2e, 'flowEmployee')];
  // the employee files it through 发起流程: the template's own fields, title and urgency
  const { page } = employee;
  await page.goto(`/workFlow/launch?flowId=${flowId}`);
  await page.getByTestId('flow-launch-form').waitFor();
  await page.getByTestId('flow-launch-title').fill(TITLE);
  await page.getByTestId('flow-launch-urgent').click();
  await page.getByRole('option', { name: '重要' }).click();
  for (const [field, value] of [['applyUser', 'flowEmployee'], ['destination', '上海'], ['billsNum', '3'], ['reimbursementAmount', '1200'], ['loanAmount', '0'], ['other', '50']]) {
    await page.locator(`input[data-field="${field}"]`).fill(value!);
  }
  await page.getByTestId('flow-launch-path').getByText('财务审批').waitFor();
  await page.getByTestId('flow-launch-submit').click();
  await page.waitForURL(/\/workFlow\/mine$/);
  const mine = page.locator('[data-testid="flow-mine-row"]').filter({ hasText: TITLE });
  await mine.waitFor();
  taskId = (await mine.getAttribute('data-task-id'))!;
});
afterAll(async () => {
  for (const s of [boss, finance, employee]) await s?.context.close();
  await e2e?.close();
});

const row = (page: Page) => page.getByTestId('daiban-table').locator(`tr[data-task-id="${taskId}"]`);
const detailPage = (page: Page) => page.getByTestId('flow-detail-page');

/** From /daiban's to-do tab, opens the flow and waits for its detail. */
async function openFromDaiban(page: Page): Promise<void> {
  await page.getByTestId('daiban-tab-1').click();
  await row(page).getByTestId('flow-open').click();
  await expectPath(page, '/workFlowDetail');
  await detailPage(page).getByTestId('flow-title').filter({ hasText: TITLE }).waitFor();
}

/** Runs an action's dialog: opinion (when given), confirm; approvers' actions lead back to /daiban. */
async function act(page: Page, kind: string, opinion?: string): Promise<void> {
  await page.getByTestId(`flow-act-${kind}`).click();
  const root = page.getByTestId(`flow-dialog-${kind}`);
  const dialog = root.getByRole('dialog');
  await dialog.waitFor();
  if (opinion !== undefined) await dialog.getByLabel('审批意见').fill(opinion);
  await dialog.getByTestId('flow-dialog-confirm').click();
  await root.waitFor({ state: 'detached' });
}

describe('the to-do list and the flow detail', () => {
  it('the superior passes with an opinion and an edited writable field; finance returns it to the start', async () => {
    const { page } = boss;
    await page.goto('/daiban');
    await row(page).waitFor();
    await expect.poll(() => page.getByTestId('daiban-count-1').textContent()).toBe(' (1)');
    expect(await row(page).locator('[data-urgent]').textContent()).toBe('重要');
    expect(await row(page).getByTestId('flow-status').textContent()).toBe('审批中');
    expect(await seriousViolations(page, ['[data-testid="daiban-page"]'])).toEqual([]);

    await openFromDaiban(page);
    const form = detailPage(page).getByTestId('flow-form');
    await form.locator('[data-field="loanAmount"][data-editable="1"]').waitFor();
    expect(await form.locator('[data-field="other"]').count()).toBe(0); // read: false on this node
    expect(await form.locator('[data-field="destination"][data-editable="0"]').textContent()).toContain('上海');
    await form.getByLabel('借款金额').fill('300');
    expect(await seriousViolations(page, ['[data-testid="flow-detail-page"]'])).toEqual([]);
    await act(page, 'pass', '情况属实，同意');
    await expectPath(page, '/daiban');
    await expect.poll(() => row(page).count()).toBe(0);

    const f = finance.page;
    await f.goto('/daiban');
    await openFromDaiban(f);
    await f.getByTestId('flow-act-return').click();
    const dialog = f.getByTestId('flow-dialog-return').getByRole('dialog');
    await expect.poll(() => dialog.getByLabel('退回到').inputValue()).toBe('发起人（重新提交）');
    await dialog.getByLabel('审批意见').fill('缺少发票');
    expect(await seriousViolations(f, ['[data-testid="flow-dialog-return"]'])).toEqual([]);
    await dialog.getByTestId('flow-dialog-confirm').click();
    await expectPath(f, '/daiban');
    noReactErrors(boss.errors);
    noReactErrors(finance.errors);
  });

  it('the employee opens the returned flow from its message, edits and resubmits; both approvers pass; 已通过 with the whole history', async () => {
    const { page } = employee;
    await page.getByTestId('message-bell').click();
    const item = page.getByRole('dialog', { name: '站内消息' }).locator('[data-message-id]', { hasText: `【已退回】${TITLE}` });
    await item.click();
    await expectPath(page, '/workFlowDetail');
    const detail = detailPage(page);
    await expect.poll(() => detail.getByTestId('flow-status').textContent()).toBe('已退回');
    await detail.locator('[data-field="reimbursementAmount"][data-editable="1"] input').fill('1100');
    await act(page, 'resubmit');
    await expect.poll(() => detail.getByTestId('flow-status').textContent()).toBe('审批中');

    // the superior's /daiban is still open: the flow message brings the to-do back without a reload
    const b = boss.page;
    await row(b).waitFor({ timeout: 10_000 });
    await openFromDaiban(b);
    await act(b, 'pass', '已补发票，同意');
    await expectPath(b, '/daiban');
    const f = finance.page;
    await row(f).waitFor({ timeout: 10_000 });
    await openFromDaiban(f);
    await act(f, 'pass');
    await expectPath(f, '/daiban');

    await page.reload();
    await expect.poll(() => detail.getByTestId('flow-status').textContent(), { timeout: 10_000 }).toBe('已通过');
    const records = detail.getByTestId('flow-record');
    await expect.poll(() => records.getByTestId('flow-record-handle').allTextContents()).toEqual(['发起', '同意', '退回', '发起', '同意', '同意']);
    expect(await records.getByTestId('flow-record-opinion').allTextContents()).toEqual(['情况属实，同意', '缺少发票', '已补发票，同意']);
    expect(await seriousViolations(page, ['[data-testid="flow-detail-page"]'])).toEqual([]);
    // what each edit wrote
    const stored = await api(e2e, employee.token).get(`/api/workflow/Engine/FlowBefore/${taskId}`);
    // a template's own fields are text (conditions compare numeric text as numbers)
    expect(stored.body.data.formData).toMatchObject({ loanAmount: '300', reimbursementAmount: '1100', destination: '上海' });
    // the done tab lists both of the superior's passes
    await b.getByTestId('daiban-tab-2').click();
    await expect.poll(() => row(b).count()).toBe(2);
    noReactErrors(employee.errors);
  });
});

/** A one-step flow whose step has the given approvers (assigneeType 6, 或签) and field rights. */
async function oneStep(enCode: string, approvers: string[], rights: { id: string; read: boolean; write: boolean }[], modelId: string | null = null): Promise<string> {
  const template = {
    type: 'start', nodeId: 'S', properties: { title: '发起人', initiator: [], initiatePos: [] },
    childNode: { type: 'approver', nodeId: 'A', properties: { title: '双人审批', approvers, approverPos: [], assigneeType: 6, formOperates: rights, circulateUser: [], circulatePosition: [], rejectStep: '0' }, childNode: null },
  } as RawFlowNode;
  return createEngine(e2e.server.database.db, { enCode, fullName: enCode, template, modelId });
}
const launch = async (flowId: string, flowTitle: string, formData: Record<string, unknown>) => {
  const r = await api(e2e, employee.token).post('/api/workflow/Engine/FlowTask', { flowId, flowTitle, formData });
  expect(r.body.code, JSON.stringify(r.body)).toBe(200);
  return r.body.data.id as string;
};

describe('refusals and the model form', () => {
  it('two approvers at once: the one who confirms second sees the server’s refusal in the dialog', async () => {
    const flowId = await oneStep('pairE2E', [bossId, financeId], []);
    const id = await launch(flowId, '双人报销', { amount: 10 });
    const { page } = boss;
    // the flow message's own link form
    await page.goto(`/workFlowDetail?id=${id}&majorId=x`);
    await page.getByTestId('flow-title').filter({ hasText: '双人报销' }).waitFor();
    await page.getByTestId('flow-act-pass').click();
    const dialog = page.getByTestId('flow-dialog-pass').getByRole('dialog');
    await dialog.getByLabel('审批意见').fill('我也同意');
    const fin = api(e2e, finance.token);
    const todo = (await fin.get('/api/workflow/Engine/FlowBefore/List/1?pageSize=50')).body.data.list.find((t: { taskId: string }) => t.taskId === id);
    expect((await fin.post(`/api/workflow/Engine/FlowBefore/Audit/${todo.id}`, {})).body.code).toBe(200);
    await dialog.getByTestId('flow-dialog-confirm').click();
    await expect.poll(() => dialog.getByTestId('flow-action-error').textContent()).toBe('该任务已被处理');
    // closing it reads the flow again: approved meanwhile, nothing left for me to do
    await dialog.getByTestId('flow-dialog-cancel').click();
    await expect.poll(() => page.getByTestId('flow-status').textContent()).toBe('已通过');
    expect(await page.getByTestId('flow-actions').count()).toBe(0);
    noReactErrors(boss.errors);
  });

  it('a flow bound to a model shows its form read-only but for the node’s writable field; the pass saves it', async () => {
    const rights = [{ id: 'goodsCode', read: true, write: false }, { id: 'goodsName', read: true, write: true }, { id: 'description', read: false, write: false }];
    const flowId = await oneStep('modelE2E', [bossId], rights, 'demo-model');
    const id = await launch(flowId, '商品改名', { goodsCode: 'G.100', goodsName: '旧名称', category: 'coal', unit: 'pcs', price: 12, description: '内部备注' });
    const { page } = boss;
    await page.goto(`/workFlowDetail?taskId=${id}`);
    const form = page.getByTestId('flow-form').locator('.scp-model-form');
    await form.waitFor();
    await expect.poll(() => formItem(page, 'goodsName').locator('input').inputValue()).toBe('旧名称');
    expect(await formItem(page, 'goodsCode').locator('input').isDisabled()).toBe(true);
    expect(await formItem(page, 'goodsName').locator('input').isDisabled()).toBe(false);
    expect(await formItem(page, 'description').count()).toBe(0);
    await formItem(page, 'goodsName').locator('input').fill('新名称');
    expect(await seriousViolations(page, ['[data-testid="flow-detail-page"]'])).toEqual([]);
    await act(page, 'pass', '改名');
    await expectPath(page, '/daiban');
    const stored = await api(e2e, employee.token).get(`/api/workflow/Engine/FlowBefore/${id}`);
    expect(stored.body.data.task.status).toBe(2);
    expect(stored.body.data.formData).toMatchObject({ goodsCode: 'G.100', goodsName: '新名称', description: '内部备注' });
    noReactErrors(boss.errors);
  });

  it('transfer through the user picker hands the to-do to finance; a supervisor terminates the flow', async () => {
    const flowId = await oneStep('transferE2E', [bossId], []);
    const id = await launch(flowId, '转办试验', { amount: 1 });
    const { page } = boss;
    await page.goto(`/workFlowDetail?taskId=${id}`);
    await page.getByTestId('flow-act-transfer').waitFor();
    // an approver, not a supervisor: no 终止, 指派, 变更审批人
    expect(await page.getByTestId('flow-actions').getByRole('button').allTextContents()).toEqual(['同意', '退回', '拒绝', '转办', '加签']);
    await page.getByTestId('flow-act-transfer').click();
    const transfer = page.getByTestId('flow-dialog-transfer').getByRole('dialog');
    await transfer.getByTestId('flow-dialog-confirm').click();
    await expect.poll(() => transfer.getByTestId('flow-action-error').textContent()).toBe('请选择办理人');
    expect(await seriousViolations(page, ['[data-testid="flow-dialog-transfer"]'])).toEqual([]);
    await transfer.getByLabel('办理人').click();
    const picker = page.getByRole('dialog', { name: '选择用户' });
    const keyword = picker.getByRole('textbox', { name: '请输入关键词查询' });
    await keyword.fill('flowFinance');
    await keyword.press('Enter');
    await picker.getByRole('button', { name: /^flowFinance/ }).click();
    await picker.locator('[data-picker-confirm]').click();
    await picker.waitFor({ state: 'hidden' });
    await transfer.getByLabel('审批意见').fill('请财务处理');
    await transfer.getByTestId('flow-dialog-confirm').click();
    await expectPath(page, '/daiban');
    const todo = async (token: string) => ((await api(e2e, token).get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { taskId: string }[]).map((x) => x.taskId);
    expect(await todo(finance.token)).toContain(id);
    expect(await todo(boss.token)).not.toContain(id);

    // the administrator supervises: 终止 ends it (status 5) with the opinion in the history
    const admin = await sessionPage(e2e, 'admin');
    await admin.page.goto(`/workFlowDetail?taskId=${id}`);
    await admin.page.getByTestId('flow-act-cancel').click();
    const cancel = admin.page.getByTestId('flow-dialog-cancel').getByRole('dialog');
    await cancel.getByLabel('审批意见').fill('不再需要');
    await cancel.getByTestId('flow-dialog-confirm').click();
    await expect.poll(async () => (await api(e2e, admin.token).get(`/api/workflow/Engine/FlowBefore/${id}`)).body.data.task.status).toBe(5);
    const handles = admin.page.getByTestId('flow-record').getByTestId('flow-record-handle');
    await expect.poll(() => handles.allTextContents()).toEqual(['发起', '转办', '终止']);
    expect(await todo(finance.token)).not.toContain(id);
    noReactErrors(boss.errors);
    noReactErrors(admin.errors);
    await admin.context.close();
  });
});
