import { Accordion, Card, Tabs } from '@mantine/core';
import { memo, type CSSProperties, type ReactNode } from 'react';
import type { LayoutNode } from '../../runtime/model/compiled';
import { UnknownKind } from '../fields/shared/unknown';
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
      {nodes.map((node) =>
        hasVisible(node, visible) ? (
          <div key={node.node === 'field' ? node.key : node.id} className={`scp-span-${span(node.span)}`}>
            <LayoutNodeView node={node} visible={visible} renderLeaf={renderLeaf} gutter={gutter} />
          </div>
        ) : null,
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
      if (node.kind === 'tab')
        return (
          <Tabs defaultValue={panes[0]?.name} mb="sm" data-layout="tab" keepMountedMode="display-none">
            <Tabs.List>
              {panes.map((p) => (
                <Tabs.Tab key={p.name} value={p.name}>
                  {p.title}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {panes.map((p) => (
              <Tabs.Panel key={p.name} value={p.name} pt="sm">
                {inner(p.children)}
              </Tabs.Panel>
            ))}
          </Tabs>
        );
      return (
        <Accordion multiple={!node.props.accordion} defaultValue={node.props.accordion ? (panes[0]?.name ?? null) : panes.map((p) => p.name)} mb="sm" data-layout="collapse" variant="contained" keepMountedMode="display-none">
          {panes.map((p) => (
            <Accordion.Item key={p.name} value={p.name}>
              <Accordion.Control>{p.title}</Accordion.Control>
              <Accordion.Panel>{inner(p.children)}</Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      );
    }
  }
}
