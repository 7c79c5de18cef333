import { isConditionSymbol } from './conditions';
import { FlowTemplateError, readFlowTemplate, type FlowGraph, type RawFlowNode } from './template';

/**
 * Whether a template can run (docs/FLOWS.md "Flow definitions"), before it is saved: shared by the
 * administration screen (which shows the reasons as one types) and the server (which refuses).
 * A problem names the node (id and title) and a reason code; the texts are the flowAdmin area's
 * `flowAdmin.problem.<reason>`. The rules:
 * - the root is a start node; every node has a string id, seen once, and a known type; condition
 *   nodes only as branches of a split, approver and start nodes never as branches;
 * - an exclusive split (branches without `isInterflow`): every branch but the last by priority has
 *   at least one condition (the last may be empty: "otherwise"), and no two branches share a priority;
 *   a split's branches are all parallel or all exclusive;
 * - each condition names a field and a known symbol;
 * - an approver's assigneeType is one the engine knows (1, 2, 3, 6, 7, 8); 6 and 8 name at least
 *   one user or position; counterSign, when given, is 0, 1 or 2 (2 with a ratio of 1–100).
 */
export type TemplateProblemReason =
  | 'notStart' | 'noId' | 'duplicateId' | 'unknownType' | 'startInside' | 'conditionOutsideSplit' | 'notCondition'
  | 'branchWithoutCondition' | 'samePriority' | 'mixedSplit' | 'conditionNoField' | 'conditionUnknownSymbol'
  | 'unknownAssignee' | 'noApprover' | 'badCounterSign' | 'unreadable';

export interface TemplateProblem {
  nodeId: string;
  title: string;
  reason: TemplateProblemReason;
  /** what the reason names: the symbol, the assigneeType, the condition's position (1-based) */
  detail?: string;
}

const KNOWN_TYPES = new Set(['start', 'approver', 'condition']);
export const KNOWN_ASSIGNEE_TYPES: readonly number[] = [1, 2, 3, 6, 7, 8];

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const titleOf = (n: RawFlowNode) => (typeof n.properties?.title === 'string' ? n.properties.title : '');
const nonEmptyIds = (v: unknown) => Array.isArray(v) && v.some((x) => typeof x === 'string' && x.trim() !== '');

function approverProblems(node: RawFlowNode, add: (reason: TemplateProblemReason, detail?: string) => void) {
  const p = node.properties ?? {};
  const type = Number(p.assigneeType);
  if (!KNOWN_ASSIGNEE_TYPES.includes(type)) add('unknownAssignee', String(p.assigneeType ?? ''));
  else if ((type === 6 || type === 8) && !nonEmptyIds(p.approvers) && !nonEmptyIds(p.approverPos)) add('noApprover');
  if (p.counterSign !== undefined && p.counterSign !== null) {
    const mode = Number(p.counterSign);
    const ratio = Number(p.countersignRatio);
    if (![0, 1, 2].includes(mode) || (mode === 2 && !(ratio >= 1 && ratio <= 100))) add('badCounterSign');
  }
}

function splitProblems(node: RawFlowNode, branches: RawFlowNode[], add: (at: RawFlowNode, reason: TemplateProblemReason, detail?: string) => void) {
  const parallel = branches.map((b) => b.properties?.isInterflow === true);
  if (parallel.some((x) => x) && !parallel.every((x) => x)) add(node, 'mixedSplit');
  const ordered = [...branches].sort((a, b) => Number(a.properties?.priority ?? 0) - Number(b.properties?.priority ?? 0));
  const priorities = new Set<number>();
  ordered.forEach((b, i) => {
    const priority = Number(b.properties?.priority ?? 0);
    if (priorities.has(priority)) add(b, 'samePriority', String(priority));
    priorities.add(priority);
    const conditions = b.properties?.conditions;
    const count = Array.isArray(conditions) ? conditions.length : 0;
    if (!parallel[branches.indexOf(b)] && count === 0 && i < ordered.length - 1) add(b, 'branchWithoutCondition');
    (Array.isArray(conditions) ? conditions : []).forEach((c: unknown, at) => {
      const cond = isObject(c) ? c : {};
      if (typeof cond.field !== 'string' || cond.field.trim() === '') add(b, 'conditionNoField', String(at + 1));
      if (typeof cond.symbol !== 'string' || !isConditionSymbol(cond.symbol)) add(b, 'conditionUnknownSymbol', String(cond.symbol ?? ''));
    });
  });
}

/** Every problem of a template (empty: it can run). Never throws, whatever it is given. */
export function templateProblems(root: unknown): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const add = (at: RawFlowNode, reason: TemplateProblemReason, detail?: string) =>
    problems.push({ nodeId: typeof at.nodeId === 'string' ? at.nodeId : '', title: titleOf(at), reason, ...(detail !== undefined ? { detail } : {}) });
  if (!isObject(root) || root.type !== 'start') return [{ nodeId: isObject(root) && typeof root.nodeId === 'string' ? root.nodeId : '', title: isObject(root) ? titleOf(root as unknown as RawFlowNode) : '', reason: 'notStart' }];
  const seen = new Set<string>();
  // explicit stack: [node, reached as a branch of a split]
  const stack: [RawFlowNode, boolean][] = [[root as unknown as RawFlowNode, false]];
  while (stack.length) {
    const [node, asBranch] = stack.pop()!;
    if (!isObject(node)) continue;
    if (typeof node.nodeId !== 'string' || node.nodeId === '') add(node, 'noId');
    else if (seen.has(node.nodeId)) add(node, 'duplicateId');
    else seen.add(node.nodeId);
    if (!KNOWN_TYPES.has(node.type)) add(node, 'unknownType', String(node.type ?? ''));
    else if (node.type === 'start' && node !== root) add(node, 'startInside');
    else if (node.type === 'condition' && !asBranch) add(node, 'conditionOutsideSplit');
    else if (node.type !== 'condition' && asBranch) add(node, 'notCondition');
    if (node.type === 'approver') approverProblems(node, (reason, detail) => add(node, reason, detail));
    const branches = Array.isArray(node.conditionNodes) ? node.conditionNodes.filter(isObject) as RawFlowNode[] : [];
    if (node.type !== 'condition' && branches.length) splitProblems(node, branches, add);
    if (isObject(node.childNode)) stack.push([node.childNode, false]);
    for (const b of [...branches].reverse()) stack.push([b, true]);
  }
  if (problems.length) return problems;
  // what the reader itself refuses (a last line: the rules above catch what it knows today)
  try {
    readFlowTemplate(root as unknown as RawFlowNode);
  } catch (error) {
    if (!(error instanceof FlowTemplateError)) throw error;
    return [{ nodeId: String(root.nodeId ?? ''), title: titleOf(root as unknown as RawFlowNode), reason: 'unreadable', detail: error.message }];
  }
  return problems;
}

/** Fields the flow itself fills (title, urgency) or the record's keys: never form inputs. */
const NOT_FORM_FIELDS = new Set(['id', 'flowId', 'flowTitle', 'flowUrgent']);

/**
 * The form a flow fills when it is bound to no model: the fields the approver nodes' formOperates
 * name, in template order, each once (the first name given wins), without the flow's own.
 */
export function formFieldsOf(graph: FlowGraph): { id: string; name: string }[] {
  const out = new Map<string, string>();
  for (const id of graph.approvers) {
    const operates = graph.nodes[id]!.properties.formOperates;
    for (const f of Array.isArray(operates) ? (operates as unknown[]) : []) {
      if (isObject(f) && typeof f.id === 'string' && f.id && !NOT_FORM_FIELDS.has(f.id) && !out.has(f.id)) out.set(f.id, typeof f.name === 'string' && f.name ? f.name : f.id);
    }
  }
  return [...out].map(([id, name]) => ({ id, name }));
}
