import { conditionsHold } from './conditions';
import type { FlowCondition, FlowGraph, FlowNode } from './template';

/**
 * Where a running flow stands: the approver nodes waiting for their approvers, and the parallel
 * splits still waiting for branches to arrive (split node → branches not yet arrived). Stored
 * with the instance as JSON; every transition is a pure function of it, so the server can apply
 * one inside the transaction that records the approver's action.
 */
export interface FlowPosition {
  active: string[];
  joins: Record<string, number>;
}

export interface FlowStep {
  position: FlowPosition;
  /** approver nodes this step made active (their tasks are to be created) */
  entered: string[];
  /** condition nodes whose branch this step took */
  branchesTaken: string[];
  /** no node is active and no split waits: the flow is approved */
  ended: boolean;
}

type Values = Readonly<Record<string, unknown>>;

/** Starts a flow: from the start node to its first approver nodes (or straight to the end). */
export function startFlow(graph: FlowGraph, values: Values): FlowStep {
  return run(graph, { active: [], joins: {} }, values, (walker) => walker.leave(graph.start));
}

/**
 * An approver node is done (its approvers passed it): the flow moves past it. Refuses a node that
 * is not active, so a stale or repeated action cannot move the flow twice.
 */
export function completeNode(graph: FlowGraph, position: FlowPosition, nodeId: string, values: Values): FlowStep {
  if (!position.active.includes(nodeId)) throw new Error(`node ${nodeId} is not active`);
  const rest = { active: position.active.filter((id) => id !== nodeId), joins: { ...position.joins } };
  return run(graph, rest, values, (walker) => walker.leave(nodeId));
}

/**
 * Sends the flow back to an earlier approver node (or to the start: the initiator edits and
 * resubmits): every active node and waiting split is dropped, and only the target is active.
 */
export function returnTo(graph: FlowGraph, target: string): FlowPosition {
  const node = graph.nodes[target];
  if (!node || (node.type !== 'approver' && node.type !== 'start')) throw new Error(`cannot return to ${target}`);
  return { active: node.type === 'start' ? [] : [target], joins: {} };
}

/**
 * The nodes a return from `current` may go to: the start and the approver nodes completed before
 * it (`completed`, oldest first), latest completion first, without repeats. With the node's
 * rejectStep "1" the default is the latest of them, with "0" (or none completed) the start.
 */
export function returnTargets(graph: FlowGraph, current: string, completed: readonly string[]): { targets: string[]; fallback: string } {
  const seen = new Set<string>();
  const targets: string[] = [];
  for (const id of [...completed].reverse()) {
    if (id === current || seen.has(id) || graph.nodes[id]?.type !== 'approver') continue;
    seen.add(id);
    targets.push(id);
  }
  targets.push(graph.start);
  const step = String(graph.nodes[current]?.properties.rejectStep ?? '0');
  return { targets, fallback: step === '1' && targets.length > 1 ? targets[0]! : graph.start };
}

function run(graph: FlowGraph, position: FlowPosition, values: Values, first: (w: Walker) => void): FlowStep {
  const walker = new Walker(graph, position, values);
  first(walker);
  const ended = walker.position.active.length === 0 && Object.keys(walker.position.joins).length === 0;
  return { position: walker.position, entered: walker.entered, branchesTaken: walker.branchesTaken, ended };
}

class Walker {
  entered: string[] = [];
  branchesTaken: string[] = [];
  /** guards against a malformed graph walking in a circle */
  private steps = 0;
  constructor(private graph: FlowGraph, public position: FlowPosition, private values: Values) {}

  private node(id: string): FlowNode {
    const node = this.graph.nodes[id];
    if (!node) throw new Error(`unknown node ${id}`);
    if (++this.steps > 10_000) throw new Error('the flow does not end');
    return node;
  }

  /** A node is done: take its branches, or go on past it. */
  leave(id: string): void {
    const node = this.node(id);
    if (node.branches.length === 0) return this.finish(node);
    if (node.parallel) {
      this.position.joins[node.id] = node.branches.length;
      for (const b of node.branches) this.enterBranch(this.node(b));
      return;
    }
    const taken = node.branches.map((b) => this.node(b)).find((b) => conditionsHold(b.properties.conditions as FlowCondition[] | undefined, this.values));
    if (taken) return this.enterBranch(taken);
    // no branch holds: the flow goes on after the split, as if its branches were empty
    return this.finish(node);
  }

  private enterBranch(condition: FlowNode): void {
    this.branchesTaken.push(condition.id);
    if (condition.branchHead) this.enter(condition.branchHead);
    else this.finish(condition);
  }

  /** A node and everything under it are done: move to what follows, joining branches where they end. */
  private finish(node: FlowNode): void {
    const owner = node.splitOwner ? this.node(node.splitOwner) : null;
    if (owner && node.then === owner.then) {
      if (owner.parallel) {
        const left = (this.position.joins[owner.id] ?? 1) - 1;
        if (left > 0) {
          this.position.joins[owner.id] = left;
          return;
        }
        delete this.position.joins[owner.id];
      }
      return this.finish(owner);
    }
    if (node.then) this.enter(node.then);
  }

  private enter(id: string): void {
    const node = this.node(id);
    if (node.type === 'approver') {
      if (!this.position.active.includes(id)) this.position.active.push(id);
      this.entered.push(id);
      return;
    }
    // a condition node reached in a chain acts as a pass-through; the start is never re-entered
    this.leave(id);
  }
}
