import { completeNode, startFlow, type FlowGraph } from '../../../runtime/flow';

/**
 * The approver nodes a flow will go through on these form values, in order: the walk the server
 * makes (startFlow), with each active node passed in turn until the flow ends. Returns the first
 * nodes too (the ones the initiator may choose approvers for). Bounded, so a bad graph cannot hang the page.
 */
export function flowPathOf(graph: FlowGraph, values: Readonly<Record<string, unknown>>): { path: string[]; first: string[] } {
  const step = startFlow(graph, values);
  const path = [...step.entered];
  let position = step.position;
  for (let guard = 0; position.active.length && guard < 500; guard++) {
    const next = completeNode(graph, position, position.active[0]!, values);
    path.push(...next.entered);
    position = next.position;
  }
  return { path, first: step.entered };
}
