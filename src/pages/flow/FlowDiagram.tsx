import { Badge, Box, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../app/i18n';
import type { RawFlowNode } from '../../runtime/flow';
import './flow-diagram.css';

/**
 * A read-only flow chart of a template as the product saves it (docs/FLOWS.md "Flow definitions"):
 * boxes top-down for the start and approver nodes with their title and content text; after a node
 * with branches, the branches side by side, each headed by its condition text, then the flow goes
 * on below them. Active nodes are highlighted (aria-current), completed ones marked. Plain React,
 * Mantine and CSS. Used by the engine administration and the flow detail (/workFlowDetail).
 */
export interface FlowDiagramProps {
  template: RawFlowNode;
  /** node ids the flow waits at now */
  active?: string[];
  /** node ids already completed */
  completed?: string[];
}

type T = ReturnType<typeof useT>;
interface Marks { active: ReadonlySet<string>; completed: ReadonlySet<string> }

const titleOf = (n: RawFlowNode) => (typeof n.properties?.title === 'string' && n.properties.title) || n.nodeId;
const textOf = (n: RawFlowNode) => (n.content ?? '').replace(/\s*\n\s*/g, ' ').trim();

function NodeBox({ node, marks, t }: { node: RawFlowNode; marks: Marks; t: T }) {
  const active = marks.active.has(node.nodeId);
  const completed = !active && marks.completed.has(node.nodeId);
  const kind = node.type === 'start' ? t('flowAdmin.node.start') : t('flowAdmin.node.approver');
  const state = active ? t('flowAdmin.node.active') : completed ? t('flowAdmin.node.completed') : '';
  const content = textOf(node);
  return (
    <li className="scp-flow-step" data-node={node.nodeId}>
      <Paper
        withBorder
        className={`scp-flow-node scp-flow-${node.type}${active ? ' is-active' : ''}${completed ? ' is-completed' : ''}`}
        aria-current={active ? 'step' : undefined}
        aria-label={[kind, titleOf(node), content, state].filter(Boolean).join(' · ')}
        data-state={active ? 'active' : completed ? 'completed' : undefined}
      >
        <Text size="xs" className="scp-flow-kind" aria-hidden>{kind}</Text>
        <Text fw={600} size="sm">{completed ? '✓ ' : ''}{titleOf(node)}</Text>
        {content ? <Text size="xs" c="dimmed">{content}</Text> : null}
        {state ? <Badge size="xs" mt={4} color={active ? 'orange' : 'green'} variant="light" aria-hidden>{state}</Badge> : null}
      </Paper>
    </li>
  );
}

function Split({ owner, marks, t }: { owner: RawFlowNode; marks: Marks; t: T }) {
  const branches = [...(owner.conditionNodes ?? [])].sort((a, b) => Number(a.properties?.priority ?? 0) - Number(b.properties?.priority ?? 0));
  const parallel = branches.length > 0 && branches.every((b) => b.properties?.isInterflow === true);
  return (
    <li className="scp-flow-step">
      <div role="group" aria-label={parallel ? t('flowAdmin.parallel') : t('flowAdmin.split')} className="scp-flow-split" data-split={owner.nodeId}>
        {branches.map((b, i) => {
          const conditions = Array.isArray(b.properties?.conditions) ? b.properties.conditions : [];
          const text = textOf(b) || (parallel ? '' : conditions.length ? '' : t('flowAdmin.node.otherwise'));
          const taken = marks.completed.has(b.nodeId) || marks.active.has(b.nodeId);
          return (
            <div key={b.nodeId} className="scp-flow-branch" role="group" aria-label={`${t('flowAdmin.branch', { n: i + 1 })} ${titleOf(b)}`}>
              <Paper withBorder className={`scp-flow-node scp-flow-condition${taken ? ' is-completed' : ''}`} aria-label={[t('flowAdmin.node.condition'), titleOf(b), text].filter(Boolean).join(' · ')} data-node={b.nodeId}>
                <Text size="xs" fw={600}>{titleOf(b)}</Text>
                {text ? <Text size="xs" c="dimmed">{text}</Text> : null}
              </Paper>
              <Chain head={b.childNode ?? null} marks={marks} t={t} />
            </div>
          );
        })}
      </div>
    </li>
  );
}

/** A chain of nodes down `childNode`; a node with branches is followed by its split. */
function Chain({ head, marks, t, end }: { head: RawFlowNode | null; marks: Marks; t: T; end?: ReactNode }) {
  const items: ReactNode[] = [];
  // templates are at most a few dozen nodes; the guard keeps a broken (cyclic) object from hanging the page
  for (let n = head, guard = 0; n && guard < 500; n = n.childNode ?? null, guard += 1) {
    items.push(<NodeBox key={n.nodeId} node={n} marks={marks} t={t} />);
    if (n.conditionNodes?.length) items.push(<Split key={`${n.nodeId}-split`} owner={n} marks={marks} t={t} />);
  }
  return <ol className="scp-flow-chain">{items}{end}</ol>;
}

export function FlowDiagram({ template, active = [], completed = [] }: FlowDiagramProps) {
  const t = useT();
  const marks: Marks = { active: new Set(active), completed: new Set(completed) };
  return (
    <Box className="scp-flow-diagram" role="figure" aria-label={t('flowAdmin.diagram')} data-flow-diagram>
      <Chain head={template} marks={marks} t={t} end={<li className="scp-flow-step"><div className="scp-flow-end" aria-label={t('flowAdmin.node.end')}>{t('flowAdmin.node.end')}</div></li>} />
    </Box>
  );
}

export default FlowDiagram;
