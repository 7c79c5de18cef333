import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { startE2E, type E2E } from './browser';
import { api, fieldError, formItem, noReactErrors, pickOption, sessionPage, type Session } from './model-helpers';
import { pickUser } from './fill-helpers';
import { makeUser, tokenFor } from '../helpers/access';
import { createEngine } from '../../server/modules/flow/versions';
import type { RawFlowNode } from '../../src/runtime/flow';

/**
 * Starting a flow and entrusts in the browser (issue 16 items 2, 3): 张运营 picks 请假申请 (a
 * corpus template without a model) on 发起流程, fills its fields, sees the path follow the days,
 * submits; the flow is in 我发起的 and in the approver's to-do; 张运营 withdraws it. Then an
 * entrust made through the form on /workFlow/entrust lists and is deleted.
 */
const FLOWS = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../shared/corpus'), 'flows');
const corpus = (file: string) => JSON.parse(readFileSync(join(FLOWS, file), 'utf8')) as RawFlowNode;

let e2e: E2E;
let staff: Session;
let flowId: string;
let adminToken: string;
let deputyToken: string;
beforeAll(async () => {
  e2e = await startE2E();
  const db = e2e.server.database.db;
  flowId = await createEngine(db, { enCode: 'e2eLeave', fullName: '请假申请', category: '人事', template: corpus('leaveApply.flow.json') });
  // 主管审批 (assigneeType 1) goes to the initiator's superior: the administrator
  const admin = await db.selectFrom('baseUser').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
  await db.updateTable('baseUser').set({ managerId: admin.id }).where('account', '=', 'staff').execute();
  // the delegate: a colleague in 张运营's own department (the user picker's scope)
  const me = await db.selectFrom('baseUser').select(['organizeId', 'positionId']).where('account', '=', 'staff').executeTakeFirstOrThrow();
  const deputy = await makeUser(db, 'e2eDeputy');
  await db.updateTable('baseUser').set({ realName: '李代理', organizeId: me.organizeId, positionId: me.positionId }).where('id', '=', deputy.userId).execute();
  deputyToken = deputy.token;
  staff = await sessionPage(e2e, 'staff');
  adminToken = await tokenFor(db, 'admin');
});
afterAll(async () => {
  await staff?.context.close();
  await e2e?.close();
});

describe('starting a flow', () => {
  it('picks a flow, fills its fields, sees the path, submits; it is in 我发起的 and the approver’s to-do; withdrawn from 我发起的', async () => {
    const { page, errors } = staff;
    await page.goto('/workFlow/launch');
    await page.locator(`[data-testid="flow-card"][data-flow-id="${flowId}"]`).waitFor();
    expect(await seriousViolations(page, ['[data-testid="flow-launch-page"]'])).toEqual([]);
    await page.getByTestId('flow-launch-search').fill('不存在的流程');
    await page.locator('[data-testid="flow-card"]').first().waitFor({ state: 'detached' });
    await page.getByTestId('flow-launch-search').fill('请假');
    await page.locator(`[data-testid="flow-card"][data-flow-id="${flowId}"]`).click();

    await page.getByTestId('flow-launch-form').waitFor();
    expect(await page.getByTestId('flow-launch-title').inputValue()).toBe('张运营的请假申请');
    const path = page.getByTestId('flow-launch-path');
    await path.locator('[data-node]').first().waitFor();
    await page.locator('input[data-field="leaveReason"]').fill('回老家');
    await page.locator('input[data-field="leaveDayCount"]').fill('5');
    await expect.poll(() => path.textContent()).toContain('老板审批');
    expect(await path.textContent()).toContain('主管审批');
    await page.locator('input[data-field="leaveDayCount"]').fill('2');
    await expect.poll(() => path.textContent()).not.toContain('老板审批');
    expect(await seriousViolations(page, ['[data-testid="flow-launch-page"]'])).toEqual([]);
    await page.getByTestId('flow-launch-submit').click();

    await page.waitForURL(/\/workFlow\/mine$/);
    const row = page.locator('[data-testid="flow-mine-row"]').filter({ hasText: '张运营的请假申请' });
    await row.waitFor();
    expect(await row.getByTestId('flow-mine-status').textContent()).toBe('进行中');
    expect(await row.textContent()).toContain('主管审批');
    const taskId = (await row.getAttribute('data-task-id'))!;
    const todo = (await api(e2e, adminToken).get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { taskId: string }[];
    expect(todo.map((x) => x.taskId)).toContain(taskId);
    const started = (await api(e2e, staff.token).get(`/api/workflow/Engine/FlowBefore/${taskId}`)).body.data;
    expect(started.formData).toMatchObject({ leaveReason: '回老家', leaveDayCount: '2' });
    expect(await seriousViolations(page, ['[data-testid="flow-mine-page"]'])).toEqual([]);

    await row.getByTestId('flow-withdraw').click();
    await page.getByTestId('flow-withdraw-confirm').click();
    await expect.poll(() => row.getByTestId('flow-mine-status').textContent()).toBe('已撤回');
    noReactErrors(errors);
  });

  it('an entrust made through the form lists and is deleted', async () => {
    const { page, errors } = staff;
    await page.goto('/workFlow/entrust');
    await page.getByTestId('entrust-page').waitFor();
    expect(await page.getByTestId('entrust-page').getAttribute('data-type')).toBe('1');
    await page.getByTestId('entrust-add').click();
    const form = page.getByTestId('entrust-form');
    await form.waitFor();
    await pickUser(page, form, '李代理', /^李代理\/e2eDeputy/);
    await page.getByTestId('entrust-description').fill('年假期间');
    expect(await seriousViolations(page, ['[data-testid="entrust-form"]'])).toEqual([]);
    await page.getByTestId('entrust-save').click();
    await form.waitFor({ state: 'hidden' });

    const row = page.locator('[data-testid="entrust-row"]').filter({ hasText: '年假期间' });
    await row.waitFor();
    expect(await row.textContent()).toContain('李代理');
    expect(await row.textContent()).toContain('全部流程');
    expect(await seriousViolations(page, ['[data-testid="entrust-page"]'])).toEqual([]);
    // the delegate's flow message (flowType 2) links to this page
    const entrustId = await row.getAttribute('data-id');
    const inbox = (await api(e2e, deputyToken).get('/api/message?type=2&pageSize=50')).body.data.list as { flowType: number; linkId: string }[];
    expect(inbox.some((m) => m.flowType === 2 && m.linkId === entrustId)).toBe(true);

    await row.getByTestId('entrust-delete').click();
    await page.getByTestId('entrust-delete-confirm').click();
    await row.waitFor({ state: 'detached' });
    expect((await api(e2e, staff.token).get('/api/workflow/Engine/FlowDelegate?type=1')).body.data.list).toEqual([]);
    noReactErrors(errors);
  });
  it('a flow bound to a model: the model’s form validates first, the path follows its values, the first chosen-approver node asks for a person', async () => {
    const db = e2e.server.database.db;
    const template: RawFlowNode = {
      type: 'start', nodeId: 'S', properties: { title: '发起人', initiator: [], initiatePos: [] },
      childNode: {
        type: 'approver', nodeId: 'pick', properties: { title: '指定审批', assigneeType: 7, approvers: [], approverPos: [] },
        conditionNodes: [
          { type: 'condition', nodeId: 'dear', properties: { title: '高价', priority: 0, conditions: [{ field: 'price', symbol: '>', filedValue: '100', logic: '&&' }] }, childNode: { type: 'approver', nodeId: 'boss', properties: { title: '老板审批', assigneeType: 6, approvers: [], approverPos: [] } } },
          { type: 'condition', nodeId: 'cheap', properties: { title: '其他', priority: 1, conditions: [] } },
        ],
      },
    };
    const modelFlow = await createEngine(db, { enCode: 'e2eGoodsFlow', fullName: '商品审批', template, modelId: 'demo-model' });
    const admin = await sessionPage(e2e, 'admin');
    const { page, errors } = admin;
    await page.goto(`/workFlow/launch?flowId=${modelFlow}`);
    await page.locator('.scp-model-form').waitFor();
    await page.getByTestId('flow-launch-submit').click();
    await expect.poll(() => fieldError(page, 'goodsCode').textContent()).toBe('商品编码不能为空');
    await formItem(page, 'goodsCode').locator('input').fill('G.2001');
    await formItem(page, 'goodsName').locator('input').fill('流程商品');
    await pickOption(page, formItem(page, 'category').locator('input').first(), '煤炭');
    await formItem(page, 'price').locator('input').fill('200');
    const path = page.getByTestId('flow-launch-path');
    await expect.poll(() => path.textContent()).toContain('老板审批');
    await formItem(page, 'price').locator('input').fill('50');
    await expect.poll(() => path.textContent()).not.toContain('老板审批');
    await page.getByTestId('flow-launch-submit').click();
    await page.getByText('请选择“指定审批”的审批人').waitFor();
    expect((await api(e2e, admin.token).get('/api/workflow/Engine/FlowLaunch/List')).body.data.pagination.total).toBe(0);

    await pickUser(page, page.getByTestId('user-pick-flow-candidates-pick'), 'staff', /^张运营\/staff/);
    expect(await seriousViolations(page, ['[data-testid="flow-launch-page"]'])).toEqual([]);
    await page.getByTestId('flow-launch-submit').click();
    await page.waitForURL(/\/workFlow\/mine$/);
    const row = page.locator('[data-testid="flow-mine-row"]').filter({ hasText: '商品审批' });
    await row.waitFor();
    const taskId = (await row.getAttribute('data-task-id'))!;
    const todo = (await api(e2e, staff.token).get('/api/workflow/Engine/FlowBefore/List/1?pageSize=100')).body.data.list as { taskId: string }[];
    expect(todo.map((x) => x.taskId)).toContain(taskId);
    const started = (await api(e2e, admin.token).get(`/api/workflow/Engine/FlowBefore/${taskId}`)).body.data;
    expect(started.formData).toMatchObject({ goodsCode: 'G.2001', goodsName: '流程商品' });
    noReactErrors(errors);
    await admin.context.close();
  });
});
