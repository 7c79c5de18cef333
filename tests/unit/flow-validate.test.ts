import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formFieldsOf, readFlowTemplate, templateProblems, type RawFlowNode } from '../../src/runtime/flow';

/** Template validation (issue 16 item 1; docs/FLOWS.md "Flow definitions") on the 45 templates the demo ships and on broken ones. */
const FLOWS = join(import.meta.dirname, '../../schemas/flows');
const files = readdirSync(FLOWS).filter((f) => f.endsWith('.flow.json'));
const load = (file: string) => JSON.parse(readFileSync(join(FLOWS, file), 'utf8')) as RawFlowNode;
const copy = <T>(v: T) => JSON.parse(JSON.stringify(v)) as T;

const approver = (nodeId: string, props: Record<string, unknown>, childNode?: RawFlowNode): RawFlowNode => ({
  type: 'approver', nodeId, prevId: 'S', content: '', properties: { title: `审批${nodeId}`, assigneeType: 1, approvers: [], approverPos: [], ...props }, ...(childNode ? { childNode } : {}),
});
const start = (childNode?: RawFlowNode): RawFlowNode => ({ type: 'start', nodeId: 'S', properties: { title: '发起人' }, ...(childNode ? { childNode } : {}) });
const branch = (nodeId: string, priority: number, conditions: unknown[], extra: Record<string, unknown> = {}): RawFlowNode =>
  ({ type: 'condition', nodeId, prevId: 'A', properties: { title: `条件${nodeId}`, priority, conditions, ...extra } });
const cond = (field: string, symbol: string, value = '3') => ({ field, symbol, filedValue: value, logic: '&&' });

describe('templateProblems', () => {
  it('passes all 45 templates the demo ships (the product’s own, unchanged)', () => {
    expect(files).toHaveLength(45);
    for (const file of files) expect([file, templateProblems(load(file))]).toEqual([file, []]);
  });

  it('refuses what is not a start node', () => {
    expect(templateProblems(null)[0]!.reason).toBe('notStart');
    expect(templateProblems({ type: 'approver', nodeId: 'x' })[0]!.reason).toBe('notStart');
  });

  it('refuses an exclusive branch without conditions unless it is the last by priority', () => {
    const leave = load('leaveApply.flow.json');
    const bad = copy(leave);
    const split = bad.childNode!;
    const first = split.conditionNodes!.find((b) => Number(b.properties!.priority) === 0)!;
    first.properties!.conditions = [];
    expect(templateProblems(bad)).toEqual([{ nodeId: first.nodeId, title: first.properties!.title, reason: 'branchWithoutCondition' }]);
    // the last branch may be the "otherwise"
    const ok = copy(leave);
    ok.childNode!.conditionNodes!.find((b) => Number(b.properties!.priority) === 1)!.properties!.conditions = [];
    expect(templateProblems(ok)).toEqual([]);
  });

  it('refuses an approver node with no way to find its approvers, and an unknown assigneeType', () => {
    expect(templateProblems(start(approver('A', { assigneeType: 6 })))).toEqual([{ nodeId: 'A', title: '审批A', reason: 'noApprover' }]);
    expect(templateProblems(start(approver('A', { assigneeType: 8, approvers: [''] })))[0]!.reason).toBe('noApprover');
    expect(templateProblems(start(approver('A', { assigneeType: 6, approverPos: ['p1'] })))).toEqual([]);
    expect(templateProblems(start(approver('A', { assigneeType: 4 })))).toEqual([{ nodeId: 'A', title: '审批A', reason: 'unknownAssignee', detail: '4' }]);
    expect(templateProblems(start(approver('A', { assigneeType: undefined })))[0]!.reason).toBe('unknownAssignee');
    expect(templateProblems(start(approver('A', { counterSign: 2, countersignRatio: 0 })))[0]!.reason).toBe('badCounterSign');
  });

  it('refuses a condition with an unknown symbol or no field', () => {
    const split = (conditions: unknown[]) => start({ ...approver('A', {}), conditionNodes: [branch('C1', 0, conditions), branch('C2', 1, [])] });
    expect(templateProblems(split([cond('days', '~=')]))).toEqual([{ nodeId: 'C1', title: '条件C1', reason: 'conditionUnknownSymbol', detail: '~=' }]);
    expect(templateProblems(split([cond('', '>')]))).toEqual([{ nodeId: 'C1', title: '条件C1', reason: 'conditionNoField', detail: '1' }]);
    expect(templateProblems(split([cond('days', '>')]))).toEqual([]);
  });

  it('refuses the structure the reader refuses: repeated ids, unknown types, misplaced nodes, mixed or tied splits', () => {
    expect(templateProblems(start(approver('S', {})))[0]!.reason).toBe('duplicateId');
    expect(templateProblems(start({ type: 'timer', nodeId: 'T', properties: { title: '定时' } }))).toEqual([{ nodeId: 'T', title: '定时', reason: 'unknownType', detail: 'timer' }]);
    expect(templateProblems(start({ type: 'condition', nodeId: 'C', properties: {} }))[0]!.reason).toBe('conditionOutsideSplit');
    expect(templateProblems(start({ ...approver('A', {}), conditionNodes: [approver('B', {})] }))[0]!.reason).toBe('notCondition');
    expect(templateProblems(start({ ...approver('A', {}), conditionNodes: [branch('C1', 0, [], { isInterflow: true }), branch('C2', 1, [])] }))[0]!.reason).toBe('mixedSplit');
    expect(templateProblems(start({ ...approver('A', {}), conditionNodes: [branch('C1', 0, [cond('d', '>')]), branch('C2', 0, [])] }))[0]!.reason).toBe('samePriority');
    // parallel branches need no conditions
    expect(templateProblems(start({ ...approver('A', {}), conditionNodes: [branch('C1', 0, [], { isInterflow: true }), branch('C2', 1, [], { isInterflow: true })] }))).toEqual([]);
  });
});

describe('formFieldsOf', () => {
  it('is the approver nodes’ formOperates in order, each once', () => {
    const fields = formFieldsOf(readFlowTemplate(load('leaveApply.flow.json')));
    expect(fields.length).toBeGreaterThan(3);
    expect(new Set(fields.map((f) => f.id)).size).toBe(fields.length);
    expect(fields.map((f) => f.id)).toContain('leaveDayCount');
    const travel = formFieldsOf(readFlowTemplate(load('travelReimbursement.flow.json')));
    expect(travel.map((f) => f.id)).toEqual(expect.arrayContaining(['applyUser', 'total', 'reimbursementAmount']));
  });
});
