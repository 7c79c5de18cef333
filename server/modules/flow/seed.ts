import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db';
import { newId } from '../../db/ids';
import type { UserRow } from '../../db/schema';
import { hashPassword, md5Hex } from '../../auth/passwords';
import type { RawFlowNode } from '../../../src/runtime/flow';
import { CORPUS_FLOWS } from '../../../src/runtime/flow/corpus-flows';
import { createEngine, saveVersion } from './versions';

/**
 * The flow demo (docs/FLOWS.md "Flow definitions"): the product's 45 templates as engines by
 * category, 差旅报销 bound to its model with a version 2 that adds 财务审批, and the people the
 * flows need: 'manager' (运营部's manager, staff's superior) and 'finance' (会计 of 财务部).
 */
export const FLOW_DEMO_ACCOUNTS = [
  { account: 'manager', description: 'flows demo: 部门主管 of 运营部, staff’s superior — approves their flows' },
  { account: 'finance', description: 'flows demo: 会计 of 财务部 — 财务审批 of 差旅报销' },
] as const;

export const FLOWS_DIR = path.resolve('schemas/flows');
export const TRAVEL_MODEL_ID = 'flow-travel-reimbursement';

export const readCorpusTemplate = (enCode: string, dir = FLOWS_DIR) => JSON.parse(fs.readFileSync(path.join(dir, `${enCode}.flow.json`), 'utf8')) as RawFlowNode;

/** 差旅报销 version 2: 财务审批 (the finance position) after 主管审批, where finance writes 报销金额. */
export function travelVersion2(v1: RawFlowNode, financePositionId: string): RawFlowNode {
  const template = JSON.parse(JSON.stringify(v1)) as RawFlowNode;
  const head = template.childNode!;
  const operates = (head.properties!.formOperates as { id: string; name: string }[]).map((f) => ({ ...f, read: true, write: f.id === 'reimbursementAmount' }));
  head.childNode = {
    type: 'approver', nodeId: 'fin', prevId: head.nodeId, content: '会计',
    properties: {
      title: '财务审批', approvers: [], approverPos: [financePositionId], assigneeType: 6, formOperates: operates,
      circulatePosition: [], circulateUser: [], progress: '90', rejectStep: '1', description: '',
    },
  };
  return template;
}

export async function seedFlowDemo(db: Db, options: { password: string; now: number }): Promise<void> {
  const { now } = options;
  const [hashManager, hashFinance] = await Promise.all([hashPassword(md5Hex(options.password)), hashPassword(md5Hex(options.password))]);
  const staff = await db.selectFrom('baseUser').selectAll().where('account', '=', 'staff').executeTakeFirstOrThrow();
  const finance = await db.selectFrom('baseOrganize').select('id').where('enCode', '=', 'scm.finance').executeTakeFirstOrThrow();
  const accountant = await db.selectFrom('basePosition').select('id').where('enCode', '=', 'accountant').executeTakeFirstOrThrow();
  const operations = await db.selectFrom('baseOrganize').select('id').where('enCode', '=', 'scm.operations').executeTakeFirstOrThrow();
  const staffRole = await db.selectFrom('baseRole').select('id').where('enCode', '=', 'staff').executeTakeFirstOrThrow();
  const manager = { id: newId(), fullName: '运营主管', enCode: 'operationsManager', organizeId: operations.id, type: null, sortCode: 1, enabledMark: 1, description: null, createdAt: now };
  const person = (account: string, realName: string, mobile: string, organizeId: string, positionId: string, passwordHash: string): UserRow => ({
    ...staff, id: newId(), account, realName, mobile, email: `${account}@example.com`, organizeId, positionId, managerId: null, passwordHash,
    headIcon: null, signImg: null, theme: null, language: null, portalId: null, description: null, createdAt: now, updatedAt: null,
  });
  const users = { manager: person('manager', '李主管', '13800000004', operations.id, manager.id, hashManager!), finance: person('finance', '王财务', '13800000005', finance.id, accountant.id, hashFinance!) };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('basePosition').values(manager).execute();
    await trx.insertInto('baseUser').values(Object.values(users)).execute();
    const relation = (userId: string, objectType: 'Role' | 'Position', objectId: string) => ({ id: newId(), userId, objectType, objectId, sortCode: 0 });
    await trx.insertInto('baseUserRelation').values([
      relation(users.manager.id, 'Role', staffRole.id), relation(users.manager.id, 'Position', manager.id),
      relation(users.finance.id, 'Role', staffRole.id), relation(users.finance.id, 'Position', accountant.id),
    ]).execute();
    // 部门主管 (assigneeType 2) of staff's department, and staff's superior (assigneeType 1)
    await trx.updateTable('baseOrganize').set({ managerId: users.manager.id }).where('id', '=', operations.id).execute();
    await trx.updateTable('baseUser').set({ managerId: users.manager.id }).where('id', '=', staff.id).execute();
  });
  let sortCode = 0;
  for (const flow of CORPUS_FLOWS) {
    const template = readCorpusTemplate(flow.enCode);
    const travel = flow.enCode === 'travelReimbursement';
    const id = await createEngine(db, { enCode: flow.enCode, fullName: flow.fullName, category: flow.category, modelId: travel ? TRAVEL_MODEL_ID : null, sortCode: sortCode++, template });
    if (travel) await saveVersion(db, id, travelVersion2(template, accountant.id), null);
  }
}
