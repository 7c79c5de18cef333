/**
 * The product's flow templates (F_FlowTemplateJson; ../shared/corpus/flows) as they are saved: a
 * start node whose `childNode` chain holds approver and condition nodes. A node may carry
 * `conditionNodes`: after it completes, the branches hang under those condition nodes and the
 * flow then continues at the node's own `childNode`. This module reads a template into a graph the
 * walker (walk.ts) can follow without recursion: each node knows where the flow goes after it.
 */

export interface FlowCondition {
  field: string;
  fieldName?: string;
  symbol: string;
  symbolName?: string;
  /** the value compared with, as saved (the product spells it so) */
  filedValue: unknown;
  logic?: string;
  logicName?: string;
}

export interface RawFlowNode {
  type: string;
  nodeId: string;
  prevId?: string;
  content?: string;
  properties?: Record<string, unknown>;
  childNode?: RawFlowNode | null;
  conditionNodes?: RawFlowNode[] | null;
}

export type FlowNodeType = 'start' | 'approver' | 'condition';

export interface FlowNode {
  id: string;
  type: FlowNodeType;
  title: string;
  content: string;
  properties: Record<string, unknown>;
  /** Branch heads (condition nodes) taken after this node completes, by priority. */
  branches: string[];
  /** Whether those branches all run (and join) rather than the first whose conditions hold. */
  parallel: boolean;
  /** For a condition node: the first node of its branch, or null for an empty branch. */
  branchHead: string | null;
  /** Where the flow goes once this node (and its branches) are done: null = the end. */
  then: string | null;
  /** The node whose branches this node's branch belongs to, if any (the join point's owner). */
  splitOwner: string | null;
}

export interface FlowGraph {
  start: string;
  nodes: Record<string, FlowNode>;
  /** Approver nodes in template order (the flow chart's and the return picker's order). */
  approvers: string[];
}

export class FlowTemplateError extends Error {}

const TYPES: readonly string[] = ['start', 'approver', 'condition'];

/**
 * Reads a saved template. Refuses (FlowTemplateError) a node of an unknown type, a repeated node
 * id, or a start that is not the root, so a broken template is caught when it is saved, not when
 * someone's request reaches it.
 */
export function readFlowTemplate(root: RawFlowNode): FlowGraph {
  if (!root || root.type !== 'start' || typeof root.nodeId !== 'string') throw new FlowTemplateError('the template must begin with a start node');
  const nodes: Record<string, FlowNode> = {};
  // explicit stack: [raw node, where its chain continues, the split it belongs to]
  const stack: [RawFlowNode, string | null, string | null][] = [[root, null, null]];
  while (stack.length) {
    const [raw, after, owner] = stack.pop()!;
    if (!TYPES.includes(raw.type)) throw new FlowTemplateError(`unknown node type ${raw.type}`);
    if (raw.type === 'start' && raw !== root) throw new FlowTemplateError('a start node inside the flow');
    if (nodes[raw.nodeId]) throw new FlowTemplateError(`node ${raw.nodeId} appears twice`);
    const props = raw.properties ?? {};
    const next = raw.childNode ?? null;
    const branches = raw.type === 'condition' ? [] : [...(raw.conditionNodes ?? [])].sort((a, b) => Number(a.properties?.priority ?? 0) - Number(b.properties?.priority ?? 0));
    // a condition node's own chain is its branch; after the branch the flow goes where the split goes
    const then = raw.type === 'condition' ? after : next ? next.nodeId : after;
    nodes[raw.nodeId] = {
      id: raw.nodeId,
      type: raw.type as FlowNodeType,
      title: typeof props.title === 'string' ? props.title : '',
      content: raw.content ?? '',
      properties: props,
      branches: branches.map((b) => b.nodeId),
      parallel: branches.length > 0 && branches.every((b) => b.properties?.isInterflow === true),
      branchHead: raw.type === 'condition' ? (next?.nodeId ?? null) : null,
      then,
      splitOwner: owner,
    };
    if (raw.type === 'condition') {
      if (next) stack.push([next, after, owner]);
    } else {
      if (next) stack.push([next, after, owner]);
      // a branch ends where the split continues: at this node's `then`
      for (const b of branches.slice().reverse()) stack.push([b, then, raw.nodeId]);
    }
  }
  return { start: root.nodeId, nodes, approvers: orderOf(root).filter((id) => nodes[id]!.type === 'approver') };
}

function orderOf(root: RawFlowNode): string[] {
  const out: string[] = [];
  const stack: RawFlowNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n.nodeId);
    if (n.childNode) stack.push(n.childNode);
    for (const b of [...(n.conditionNodes ?? [])].reverse()) stack.push(b);
  }
  return out;
}
