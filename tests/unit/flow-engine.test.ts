import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  completeNode, conditionsHold, counterSignOf, FlowTemplateError, nodeDecision, readFlowTemplate, returnTargets, returnTo, startFlow,
  type FlowGraph, type FlowPosition, type RawFlowNode,
} from '../../src/runtime/flow';

/** The flow engine's tree walk (issue 16 item 7) on every template the product saved, and on the shapes the corpus lacks. */
const FLOWS = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../shared/corpus'), 'flows');
const files = readdirSync(FLOWS).filter((f) => f.endsWith('.flow.json'));
const load = (file: string) => JSON.parse(readFileSync(join(FLOWS, file), 'utf8')) as RawFlowNode;

/** Completes active nodes (the first each time) until the flow ends; returns the nodes in the order they were entered. */
function runThrough(graph: FlowGraph, values: Record<string, unknown>): string[] {
  let step = startFlow(graph, values);
  const order = [...step.entered];
  let guard = 0;
  while (!step.ended) {
    expect(++guard).toBeLessThan(100);
    step = completeNode(graph, step.position, step.position.active[0]!, values);
    order.push(...step.entered);
  }
  return order;
}

describe('the product’s 45 flow templates', () => {
  it('are all here', () => {
    expect(files).toHaveLength(45);
  });

  it.each(files)('%s reads and runs from start to end through each approver once', (file) => {
    const raw = load(file);
    const graph = readFlowTemplate(raw);
    const approvers = Object.values(graph.nodes).filter((n) => n.type === 'approver');
    expect(graph.approvers).toHaveLength(approvers.length);
    expect(approvers.length).toBeGreaterThan(0);
    const order = runThrough(graph, {});
    expect(new Set(order).size).toBe(order.length);
    // the first approver is the start's child
    expect(order[0]).toBe(raw.childNode!.nodeId);
  });

  it('请假申请 takes the branch whose condition holds: up to 3 days skips 老板审批, more goes through it', () => {
    const graph = readFlowTemplate(load('leaveApply.flow.json'));
    const title = (ids: string[]) => ids.map((id) => graph.nodes[id]!.title);
    expect(title(runThrough(graph, { leaveDayCount: 2 }))).toEqual(['主管审批', '人事审批']);
    expect(title(runThrough(graph, { leaveDayCount: '3' }))).toEqual(['主管审批', '人事审批']);
    expect(title(runThrough(graph, { leaveDayCount: 5 }))).toEqual(['主管审批', '老板审批', '人事审批']);
    // no value: neither condition holds, the flow goes on after the split
    expect(title(runThrough(graph, {}))).toEqual(['主管审批', '人事审批']);
    const first = startFlow(graph, { leaveDayCount: 5 });
    const second = completeNode(graph, first.position, first.entered[0]!, { leaveDayCount: 5 });
    expect(second.branchesTaken.map((id) => graph.nodes[id]!.title)).toEqual(['条件2']);
  });

  it('lists approver nodes in template order, branches before what follows the split', () => {
    const graph = readFlowTemplate(load('leaveApply.flow.json'));
    expect(graph.approvers.map((id) => graph.nodes[id]!.title)).toEqual(['主管审批', '老板审批', '人事审批']);
  });
});

const approver = (nodeId: string, extra: Partial<RawFlowNode> = {}, properties: Record<string, unknown> = {}): RawFlowNode => ({
  type: 'approver', nodeId, content: nodeId, properties: { title: nodeId, assigneeType: 3, approvers: [], approverPos: [], rejectStep: '1', ...properties }, ...extra,
});
const condition = (nodeId: string, head: RawFlowNode | null, extra: Record<string, unknown> = {}): RawFlowNode => ({
  type: 'condition', nodeId, properties: { title: nodeId, priority: 0, conditions: [], ...extra }, childNode: head,
});
const start = (child: RawFlowNode): RawFlowNode => ({ type: 'start', nodeId: 'S', properties: { title: '发起人' }, childNode: child });

describe('parallel branches', () => {
  // S → A ⇉ (B | C → D) → E
  const graph = readFlowTemplate(
    start(approver('A', { conditionNodes: [condition('c1', approver('B'), { isInterflow: true }), condition('c2', approver('C', { childNode: approver('D') }), { isInterflow: true })], childNode: approver('E') })),
  );

  it('run together and join before the flow goes on', () => {
    const s1 = startFlow(graph, {});
    expect(s1.position.active).toEqual(['A']);
    const s2 = completeNode(graph, s1.position, 'A', {});
    expect(s2.position.active).toEqual(['B', 'C']);
    expect(s2.position.joins).toEqual({ A: 2 });
    const s3 = completeNode(graph, s2.position, 'B', {});
    expect(s3.position).toEqual({ active: ['C'], joins: { A: 1 } });
    expect(s3.entered).toEqual([]);
    const s4 = completeNode(graph, s3.position, 'C', {});
    expect(s4.position).toEqual({ active: ['D'], joins: { A: 1 } });
    const s5 = completeNode(graph, s4.position, 'D', {});
    expect(s5.position).toEqual({ active: ['E'], joins: {} });
    const s6 = completeNode(graph, s5.position, 'E', {});
    expect(s6.ended).toBe(true);
  });

  it('an empty parallel branch arrives at once', () => {
    const g = readFlowTemplate(start(approver('A', { conditionNodes: [condition('c1', null, { isInterflow: true }), condition('c2', approver('B'), { isInterflow: true })] })));
    const s = completeNode(g, startFlow(g, {}).position, 'A', {});
    expect(s.position).toEqual({ active: ['B'], joins: { A: 1 } });
    expect(completeNode(g, s.position, 'B', {}).ended).toBe(true);
  });

  it('a node that is not active cannot be completed (a repeated action moves nothing)', () => {
    const s = startFlow(graph, {});
    expect(() => completeNode(graph, s.position, 'B', {})).toThrow(/not active/);
  });
});

describe('nested exclusive branches', () => {
  // S → A ? (x>10: B ? (y=='a': C) ) → D
  const graph = readFlowTemplate(
    start(approver('A', {
      conditionNodes: [
        condition('big', approver('B', { conditionNodes: [condition('isA', approver('C'), { conditions: [{ field: 'y', symbol: '==', filedValue: 'a', logic: '&&' }] })] }), { priority: 0, conditions: [{ field: 'x', symbol: '>', filedValue: '10', logic: '&&' }] }),
        condition('else', null, { priority: 1 }),
      ],
      childNode: approver('D'),
    })),
  );
  it('walks into the inner split and out to the outer continuation', () => {
    expect(runThrough(graph, { x: 11, y: 'a' })).toEqual(['A', 'B', 'C', 'D']);
    expect(runThrough(graph, { x: 11, y: 'b' })).toEqual(['A', 'B', 'D']);
    expect(runThrough(graph, { x: 1 })).toEqual(['A', 'D']);
  });
});

describe('return and resubmission', () => {
  const graph = readFlowTemplate(start(approver('A', { childNode: approver('B', { childNode: approver('C', {}, { rejectStep: '0' }) }) })));
  it('offers the approvers completed before, latest first, and the start; rejectStep picks the default', () => {
    expect(returnTargets(graph, 'C', ['A', 'B'])).toEqual({ targets: ['B', 'A', 'S'], fallback: 'S' });
    expect(returnTargets(graph, 'B', ['A'])).toEqual({ targets: ['A', 'S'], fallback: 'A' });
    expect(returnTargets(graph, 'A', [])).toEqual({ targets: ['S'], fallback: 'S' });
  });
  it('a return makes only the target active; to the start, nothing until the initiator resubmits', () => {
    expect(returnTo(graph, 'A')).toEqual({ active: ['A'], joins: {} });
    expect(returnTo(graph, 'S')).toEqual({ active: [], joins: {} });
    const again = completeNode(graph, returnTo(graph, 'A'), 'A', {});
    expect(again.position.active).toEqual(['B']);
    expect(() => returnTo(graph, 'nope')).toThrow();
  });
});

describe('templates that cannot run are refused when read', () => {
  it.each([
    ['no start', approver('A')],
    ['an unknown node type', start({ type: 'timer', nodeId: 'T' } as RawFlowNode)],
    ['a repeated node id', start(approver('A', { childNode: approver('A') }))],
  ])('%s', (_, raw) => {
    expect(() => readFlowTemplate(raw)).toThrow(FlowTemplateError);
  });
});

describe('conditions', () => {
  const c = (field: string, symbol: string, filedValue: unknown, logic = '&&') => ({ field, symbol, filedValue, logic });
  it('compare numbers as numbers and text as text', () => {
    expect(conditionsHold([c('n', '>', '9')], { n: 10 })).toBe(true);
    expect(conditionsHold([c('n', '>', '9')], { n: '10' })).toBe(true);
    expect(conditionsHold([c('s', '>', 'b')], { s: 'a' })).toBe(false);
    expect(conditionsHold([c('s', '==', '北京')], { s: '北京' })).toBe(true);
    expect(conditionsHold([c('s', '<>', '北京')], { s: '上海' })).toBe(true);
    expect(conditionsHold([c('s', 'like', '京')], { s: '北京' })).toBe(true);
    expect(conditionsHold([c('s', 'notLike', '京')], { s: '北京' })).toBe(false);
    expect(conditionsHold([c('list', '==', 'a,b')], { list: ['a', 'b'] })).toBe(true);
  });
  it('a missing value satisfies no order comparison, and an unknown symbol never holds', () => {
    expect(conditionsHold([c('n', '<=', '3')], {})).toBe(false);
    expect(conditionsHold([c('n', '>', '3')], {})).toBe(false);
    expect(conditionsHold([c('n', '~=', '3')], { n: 3 })).toBe(false);
  });
  it('join with each condition’s logic, && binding tighter than ||', () => {
    // a || b && c
    const conds = [c('a', '==', '1', '||'), c('b', '==', '1', '&&'), c('c', '==', '1')];
    expect(conditionsHold(conds, { a: 1, b: 0, c: 0 })).toBe(true);
    expect(conditionsHold(conds, { a: 0, b: 1, c: 0 })).toBe(false);
    expect(conditionsHold(conds, { a: 0, b: 1, c: 1 })).toBe(true);
    expect(conditionsHold([], {})).toBe(true);
  });
});

describe('counter-signing', () => {
  it('any: the first action decides; all: one rejection rejects; ratio: passes at the share, rejects when it cannot be reached', () => {
    const any = counterSignOf({});
    expect(nodeDecision(any, { pass: 0, reject: 0, total: 3 })).toBe('pending');
    expect(nodeDecision(any, { pass: 1, reject: 0, total: 3 })).toBe('pass');
    expect(nodeDecision(any, { pass: 0, reject: 1, total: 3 })).toBe('reject');
    const all = counterSignOf({ counterSign: 1 });
    expect(nodeDecision(all, { pass: 2, reject: 0, total: 3 })).toBe('pending');
    expect(nodeDecision(all, { pass: 3, reject: 0, total: 3 })).toBe('pass');
    expect(nodeDecision(all, { pass: 2, reject: 1, total: 3 })).toBe('reject');
    const ratio = counterSignOf({ counterSign: 2, countersignRatio: 60 });
    expect(nodeDecision(ratio, { pass: 1, reject: 0, total: 3 })).toBe('pending');
    expect(nodeDecision(ratio, { pass: 2, reject: 0, total: 3 })).toBe('pass');
    expect(nodeDecision(ratio, { pass: 1, reject: 1, total: 3 })).toBe('pending');
    expect(nodeDecision(ratio, { pass: 0, reject: 2, total: 3 })).toBe('reject');
  });
});

describe('any tree of approvers, exclusive and parallel splits', () => {
  let seq = 0;
  const tree = fc.letrec<{ chain: RawFlowNode }>((tie) => ({
    chain: fc.record({
      split: fc.oneof(fc.constant(null), fc.record({ parallel: fc.boolean(), branches: fc.array(fc.option(tie('chain'), { nil: null }), { minLength: 1, maxLength: 3 }), limits: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 3, maxLength: 3 }) })),
      next: fc.option(tie('chain'), { nil: null, depthSize: 'small' }),
    }).map(({ split, next }) => {
      const id = `N${seq++}`;
      const node = approver(id, { childNode: next });
      if (split)
        node.conditionNodes = split.branches.map((head, i) =>
          condition(`${id}c${i}`, head, { priority: i, isInterflow: split.parallel, conditions: split.parallel ? [] : [{ field: 'v', symbol: '<', filedValue: String(split.limits[i]), logic: '&&' }] }),
        );
      return node;
    }),
  })).chain;

  it('ends whatever order active nodes complete in, each approver at most once active at a time', () => {
    fc.assert(
      fc.property(tree, fc.integer({ min: 0, max: 9 }), fc.array(fc.nat(), { minLength: 50, maxLength: 50 }), (chain, v, picks) => {
        const graph = readFlowTemplate(start(chain));
        let step = startFlow(graph, { v });
        let position: FlowPosition = step.position;
        for (let i = 0; !step.ended; i++) {
          expect(i).toBeLessThan(200);
          expect(new Set(position.active).size).toBe(position.active.length);
          const pick = position.active[picks[i % picks.length]! % position.active.length]!;
          step = completeNode(graph, position, pick, { v });
          position = step.position;
        }
        expect(position).toEqual({ active: [], joins: {} });
      }),
      { numRuns: 300 },
    );
  });
});
