import { Card } from '@mantine/core';
import { Fragment, memo, type CSSProperties, type ReactNode } from 'react';
import type { LayoutNode } from '../../runtime/model/compiled';
import { UnknownKind } from '../fields/shared/unknown';
import { PaneAccordion, PaneTabs } from './panes';
import { LayoutStyles } from './styles';

/** Draws one field of the layout (form item or read-only item). */
export type RenderLeaf = (key: string) => ReactNode;

export interface LayoutViewProps {
  nodes: LayoutNode[];
  /** Keys that may show (visibility, noShow and permission already applied). */
  visible: ReadonlySet<string>;
  renderLeaf: RenderLeaf;
  gutter?: number;
}

/** Whether a subtree shows anything at all (containers whose fields are all hidden disappear). */
export function hasVisible(node: LayoutNode, visible: ReadonlySet<string>): boolean {
  switch (node.node) {
    case 'field':
      return visible.has(node.key);
    case 'container':
      return node.children.some((c) => hasVisible(c, visible));
    case 'panes':
      return node.panes.some((p) => p.children.some((c) => hasVisible(c, visible)));
    case 'unknown':
      return true;
  }
}

/**
 * Siblings per keyed fragment. React re-renders a keystroke's field by walking down from the
 * root and copying every sibling along the way, so 1,000 cells under one parent cost O(fields)
 * per keystroke; fragments of 32 (no DOM, the grid stays flat) make it ~64.
 */
const CHUNK = 32;
function chunked(items: ReactNode[]): ReactNode[] {
  if (items.length <= CHUNK) return items;
  const out: ReactNode[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(<Fragment key={`c${i}`}>{items.slice(i, i + CHUNK)}</Fragment>);
  return out;
}

function span(n: number): number {
  return n > 0 && n <= 24 ? n : 24;
}

/** The gutter as a CSS variable on the grid (nothing when it is the stylesheet's default). */
function gutterStyle(gutter: number): CSSProperties | undefined {
  return gutter === 16 ? undefined : ({ '--scp-gutter': `${gutter}px` } as CSSProperties);
}

/**
 * The layout tree: a 24-column CSS grid of fields; rows (a nested 24-column grid), cards, tabs,
 * collapse panels and table grids. Cells are plain grid items styled by class (cheap at 1,000
 * fields: no inline styles, no per-row Mantine Grid with its own <style> tags).
 */
export const LayoutView = memo(function LayoutView({ nodes, visible, renderLeaf, gutter = 16 }: LayoutViewProps) {
  return (
    <div className="scp-layout" style={gutterStyle(gutter)}>
      <LayoutStyles />
      {chunked(
        nodes.map((node) =>
          hasVisible(node, visible) ? (
            <div key={node.node === 'field' ? node.key : node.id} className={`scp-span-${span(node.span)}`}>
              <LayoutNodeView node={node} visible={visible} renderLeaf={renderLeaf} gutter={gutter} />
            </div>
          ) : null,
        ),
      )}
    </div>
  );
});

function LayoutNodeView({ node, visible, renderLeaf, gutter }: { node: LayoutNode; visible: ReadonlySet<string>; renderLeaf: RenderLeaf; gutter: number }) {
  const inner = (children: LayoutNode[]) => <LayoutView nodes={children} visible={visible} renderLeaf={renderLeaf} gutter={gutter} />;
  switch (node.node) {
    case 'field':
      return <>{renderLeaf(node.key)}</>;
    case 'unknown':
      return <UnknownKind kind={node.sourceKey} label={node.label} />;
    case 'container':
      if (node.kind === 'row')
        return (
          <div className="scp-layout scp-layout-row" style={gutterStyle(gutter)}>
            {node.children.map((child) =>
              hasVisible(child, visible) ? (
                <div key={child.node === 'field' ? child.key : child.id} className={`scp-span-${span(child.span)}`}>
                  <LayoutNodeView node={child} visible={visible} renderLeaf={renderLeaf} gutter={gutter} />
                </div>
              ) : null,
            )}
          </div>
        );
      if (node.kind === 'card')
        return (
          <Card withBorder mb="sm" data-layout="card" shadow={node.props.shadow === 'always' ? 'sm' : undefined}>
            {node.title ? <Card.Section withBorder inheritPadding py="xs">{node.title}</Card.Section> : null}
            <div style={{ paddingTop: 8 }}>{inner(node.children)}</div>
          </Card>
        );
      return (
        <div data-layout="tableGrid" style={{ border: `${Number(node.props.borderWidth ?? 1)}px solid ${String(node.props.borderColor ?? '#e1e4e8')}`, padding: 8, marginBottom: 8 }}>
          {inner(node.children)}
        </div>
      );
    case 'panes': {
      const panes = node.panes.filter((p) => p.children.some((c) => hasVisible(c, visible)));
      return node.kind === 'tab' ? <PaneTabs node={node} panes={panes} inner={inner} /> : <PaneAccordion node={node} panes={panes} inner={inner} />;
    }
  }
}
