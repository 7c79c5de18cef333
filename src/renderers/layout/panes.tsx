import { Accordion, Tabs } from '@mantine/core';
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { LayoutNode } from '../../runtime/model/compiled';

/**
 * Tabs and collapse panes of a form keep hidden panes mounted, so a message can sit in a pane
 * nobody looks at. A form tells its panes which fields show a message (the pane is marked) and
 * which field it wants in view (its pane opens). Outside a form (the detail viewer) there is no
 * such signal and panes behave as plain tabs and panels.
 */
export interface PaneSignals {
  /** Changes of the fields showing a message, and focus requests. */
  subscribeShown(listener: () => void): () => void;
  shownError(key: string): string | undefined;
  focusRequest(): { key: string; seq: number } | null;
}

export const PaneSignalsContext = createContext<PaneSignals | null>(null);

type PanesNode = Extract<LayoutNode, { node: 'panes' }>;
type Pane = PanesNode['panes'][number];

/** The field keys under some layout nodes, in layout order. */
export function fieldKeysOf(nodes: LayoutNode[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (node.node === 'field') out.push(node.key);
    else if (node.node === 'container') fieldKeysOf(node.children, out);
    else if (node.node === 'panes') for (const pane of node.panes) fieldKeysOf(pane.children, out);
  }
  return out;
}

const NONE = () => () => {};

/** Names of the panes holding a field that shows a message, and the pane holding the field the form last asked to show. */
function usePaneSignals(panes: Pane[]): { marked: ReadonlySet<string>; focus: string | null } {
  const signals = useContext(PaneSignalsContext);
  const keys = useMemo(() => panes.map((p) => [p.name, fieldKeysOf(p.children)] as const), [panes]);
  // Snapshots are strings, so a change elsewhere in the form does not re-render the panes.
  const markedText = useSyncExternalStore(
    signals?.subscribeShown ?? NONE,
    () => (signals ? keys.filter(([, k]) => k.some((key) => signals.shownError(key))).map(([name]) => name).join('\n') : ''),
    () => '',
  );
  const focusText = useSyncExternalStore(
    signals?.subscribeShown ?? NONE,
    () => {
      const request = signals?.focusRequest();
      const pane = request ? keys.find(([, k]) => k.includes(request.key)) : undefined;
      return pane ? `${request!.seq}\n${pane[0]}` : '';
    },
    () => '',
  );
  const marked = useMemo(() => new Set(markedText ? markedText.split('\n') : []), [markedText]);
  return { marked, focus: focusText || null };
}

/** A pane's title, with a dot in the error colour while a field in it shows a message. */
function PaneTitle({ title, marked }: { title: string; marked: boolean }) {
  return (
    <>
      {title}
      {marked ? <span className="scp-pane-dot" aria-hidden /> : null}
    </>
  );
}

const paneName = (focus: string) => focus.slice(focus.indexOf('\n') + 1);

export function PaneTabs({ node, panes, inner }: { node: PanesNode; panes: Pane[]; inner(children: LayoutNode[]): ReactNode }) {
  const { marked, focus } = usePaneSignals(panes);
  const [active, setActive] = useState<string | null>(panes[0]?.name ?? null);
  useEffect(() => {
    if (focus) setActive(paneName(focus));
  }, [focus]);
  return (
    <Tabs value={active} onChange={setActive} mb="sm" data-layout="tab" data-layout-id={node.id} keepMountedMode="display-none">
      <Tabs.List>
        {panes.map((p) => (
          <Tabs.Tab key={p.name} value={p.name} data-pane={p.name} data-pane-error={marked.has(p.name) || undefined}>
            <PaneTitle title={p.title} marked={marked.has(p.name)} />
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
}

export function PaneAccordion({ node, panes, inner }: { node: PanesNode; panes: Pane[]; inner(children: LayoutNode[]): ReactNode }) {
  const { marked, focus } = usePaneSignals(panes);
  const single = !!node.props.accordion;
  const [open, setOpen] = useState<string[]>(() => (single ? (panes[0] ? [panes[0].name] : []) : panes.map((p) => p.name)));
  useEffect(() => {
    if (!focus) return;
    const name = paneName(focus);
    setOpen((now) => (single ? [name] : now.includes(name) ? now : [...now, name]));
  }, [focus, single]);
  const items = panes.map((p) => (
    <Accordion.Item key={p.name} value={p.name}>
      <Accordion.Control data-pane={p.name} data-pane-error={marked.has(p.name) || undefined}>
        <PaneTitle title={p.title} marked={marked.has(p.name)} />
      </Accordion.Control>
      <Accordion.Panel>{inner(p.children)}</Accordion.Panel>
    </Accordion.Item>
  ));
  const common = { mb: 'sm', 'data-layout': 'collapse', 'data-layout-id': node.id, variant: 'contained', keepMountedMode: 'display-none' } as const;
  return single ? (
    <Accordion {...common} value={open[0] ?? null} onChange={(v) => setOpen(v ? [v] : [])}>
      {items}
    </Accordion>
  ) : (
    <Accordion {...common} multiple value={open} onChange={setOpen}>
      {items}
    </Accordion>
  );
}
