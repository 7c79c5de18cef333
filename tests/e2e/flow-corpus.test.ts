import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './browser';
import { fillField, pickUser } from './fill-helpers';
import { api, noReactErrors, sessionPage, type Session } from './model-helpers';
import { releasedModel } from '../../server/modules/visualdev/model-store';

/**
 * Every one of the product's 45 flow templates, as the demo imports them, runs end to end in the
 * browser (issue 16, "done means"): staff (administrators where the template names its own
 * initiators) start it from 发起流程 (its own fields, or 差旅报销's
 * model form with its required fields; a person picked where the first step's approvers are
 * chosen at launch), and whoever holds each to-do (staff's superior `manager`, `finance`, staff
 * themselves, or the administrators where the template names people this platform does not
 * have) opens it in the flow detail and passes it, until the flow reads 已通过.
 */
let e2e: E2E;
const sessions: Record<string, Session> = {};
beforeAll(async () => {
  e2e = await startE2E({ flowDemo: true });
  for (const account of ['staff', 'manager', 'finance', 'admin']) sessions[account] = await sessionPage(e2e, account);
});
afterAll(async () => {
  for (const s of Object.values(sessions)) await s.context.close();
  await e2e?.close();
});

/** Starts the flow through 发起流程 as `account`; returns its task id. */
async function launch(engine: { id: string; fullName: string; modelId: string | null }, account: string): Promise<string> {
  const { page } = sessions[account]!;
  await page.goto(`/workFlow/launch?flowId=${engine.id}`);
  const form = page.getByTestId('flow-launch-form');
  await form.waitFor();
  const title = `全量-${engine.fullName}`;
  await page.getByTestId('flow-launch-title').fill(title);
  if (engine.modelId) {
    const model = await releasedModel(e2e.server.database.db, engine.modelId, 'zh-CN');
    await page.locator('.scp-model-form').waitFor();
    for (const field of Object.values(model.form.fields).filter((f) => f.required && f.stores && !f.system)) expect(await fillField(page, field), field.key).toBe(true);
  }
  for (const picker of await page.locator('[data-testid^="user-pick-flow-candidates-"]').all()) await pickUser(page, picker, 'staff', /^张运营\/staff/);
  await page.getByTestId('flow-launch-submit').click();
  await page.waitForURL(/\/workFlow\/mine$/);
  const row = page.locator('[data-testid="flow-mine-row"]').filter({ hasText: title });
  await row.waitFor();
  return (await row.getAttribute('data-task-id'))!;
}

/** Passes every waiting to-do of the task in the browser of whoever holds it, until none waits. */
async function approve(taskId: string): Promise<number> {
  const db = e2e.server.database.db;
  let passes = 0;
  for (;;) {
    const waiting = await db.selectFrom('flowOperator as o').innerJoin('baseUser as u', 'u.id', 'o.userId').select(['o.id', 'u.account']).where('o.taskId', '=', taskId).where('o.state', '=', 0).executeTakeFirst();
    if (!waiting) return passes;
    const session = sessions[waiting.account];
    expect(session, `a to-do of ${waiting.account}`).toBeDefined();
    const { page } = session!;
    await page.goto(`/workFlowDetail?taskId=${taskId}`);
    await page.getByTestId('flow-act-pass').click();
    const dialog = page.getByTestId('flow-dialog-pass').getByRole('dialog');
    await dialog.getByTestId('flow-dialog-confirm').click();
    await expect.poll(async () => (await db.selectFrom('flowOperator').select('state').where('id', '=', waiting.id).executeTakeFirstOrThrow()).state).not.toBe(0);
    passes += 1;
  }
}

describe('the 45 product flows in the browser', () => {
  it('each starts from 发起流程 and is passed by its approvers in the flow detail until 已通过', async () => {
    const engines = (await api(e2e, sessions.admin!.token).get('/api/workflow/Engine/FlowEngine?pageSize=100')).body.data.list as { id: string; enCode: string; fullName: string; modelId: string | null }[];
    expect(engines.length).toBe(45);
    const outcomes: Record<string, string> = {};
    for (const engine of engines) {
      // two templates name their initiators (people of the product's own demo, not ours): the administrators start those
      const mayStart = (await api(e2e, sessions.staff!.token).get(`/api/workflow/Engine/FlowEngine/${engine.id}/Launch`)).body.code === 200;
      const taskId = await launch(engine, mayStart ? 'staff' : 'admin');
      const passes = await approve(taskId);
      const status = (await api(e2e, sessions.admin!.token).get(`/api/workflow/Engine/FlowBefore/${taskId}`)).body.data.task.status as number;
      outcomes[engine.enCode] = status === 2 && passes > 0 ? 'approved' : `status ${status} after ${passes} passes`;
    }
    expect(Object.entries(outcomes).filter(([, o]) => o !== 'approved')).toEqual([]);
    for (const s of Object.values(sessions)) noReactErrors(s.errors);
  }, 900_000);
});
