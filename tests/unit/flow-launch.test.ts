import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formFieldsOf, readFlowTemplate, type RawFlowNode } from '../../src/runtime/flow';
import { flowPathOf } from '../../src/pages/flow/launch/flowPath';
import { entrustTypeOf } from '../../src/pages/flow/entrust/entrustType';

/** The launch page's path preview and field list on the product's templates, and the entrust page's tab by its address (issue 16 items 2, 3). */
const FLOWS = join(process.env.CORPUS_DIR ?? join(import.meta.dirname, '../../../shared/corpus'), 'flows');
const files = readdirSync(FLOWS).filter((f) => f.endsWith('.flow.json'));
const load = (file: string) => JSON.parse(readFileSync(join(FLOWS, file), 'utf8')) as RawFlowNode;

describe('the path preview (flowPathOf)', () => {
  it('请假申请: 老板审批 only above 3 days; the first node is the superior’s', () => {
    const graph = readFlowTemplate(load('leaveApply.flow.json'));
    const titles = (values: Record<string, unknown>) => flowPathOf(graph, values).path.map((id) => graph.nodes[id]!.title);
    expect(titles({ leaveDayCount: '5' })).toEqual(['主管审批', '老板审批', '人事审批']);
    expect(titles({ leaveDayCount: '2' })).toEqual(['主管审批', '人事审批']);
    expect(flowPathOf(graph, {}).first.map((id) => graph.nodes[id]!.title)).toEqual(['主管审批']);
  });

  it.each(files)('%s: every node on the path is an approver node, each once, first nodes leading', (file) => {
    const graph = readFlowTemplate(load(file));
    const { path, first } = flowPathOf(graph, {});
    expect(path.every((id) => graph.nodes[id]!.type === 'approver')).toBe(true);
    expect(new Set(path).size).toBe(path.length);
    expect(path.slice(0, first.length)).toEqual(first);
  });
});

describe('the template’s own fields (formFieldsOf)', () => {
  it.each(files)('%s: named fields, each once, without the flow’s own title and urgency', (file) => {
    const fields = formFieldsOf(readFlowTemplate(load(file)));
    const ids = fields.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const own of ['id', 'flowId', 'flowTitle', 'flowUrgent']) expect(ids).not.toContain(own);
    expect(fields.every((f) => f.name.length > 0)).toBe(true);
  });
});

describe('the entrust page’s tab (query config)', () => {
  it('config 1 or 2 as given; a message’s link (id only) opens 委托给我; otherwise 我的委托', () => {
    expect(entrustTypeOf('?config=1')).toBe(1);
    expect(entrustTypeOf('?config=2')).toBe(2);
    expect(entrustTypeOf('?id=abc&majorId=m1')).toBe(2);
    expect(entrustTypeOf('?config=1&id=abc')).toBe(1);
    expect(entrustTypeOf('')).toBe(1);
    expect(entrustTypeOf('?config=9')).toBe(1);
  });
});
