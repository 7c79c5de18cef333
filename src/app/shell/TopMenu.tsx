import { Button, Group, Menu } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronDown, IconDots } from '@tabler/icons-react';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import type { MenuNode } from '../../runtime/menu/routes';
import { useT } from '../i18n';
import { containsPath, splitTopMenu } from './menu-logic';
import { useActivateMenu } from './useActivateMenu';
import classes from './shell.module.css';

/** The top items of the bar (menubar children), in order; the keyboard moves between them. */
const ITEM = '[data-topmenu-item]';

function items(bar: HTMLElement): HTMLElement[] {
  return Array.from(bar.querySelectorAll<HTMLElement>(ITEM));
}

/**
 * The horizontal menu. Functional layout: directories drop down. Blend layout (`onPick`):
 * a top item with children is picked (its children fill the sidebar). Entries that do not
 * fit (116 px each) go under 'more'.
 *
 * Keyboard (WAI-ARIA menubar): one top item is in the tab order; ← → Home End move between
 * them; ↓, Enter and Space open a group with its first item focused (Mantine's menus focus
 * their first item, theme.ts); ← → inside an open group move to the neighbouring top item.
 */
export function TopMenu({ nodes, activeId, onPick }: { nodes: MenuNode[]; activeId?: string; onPick?: (node: MenuNode) => void }) {
  const t = useT();
  const { ref, width } = useElementSize();
  const [path] = useLocation();
  const activate = useActivateMenu();
  const barRef = useRef<HTMLDivElement>(null);
  const [focusId, setFocusId] = useState<string | null>(null);
  // the open group, controlled so ← → inside a dropdown can close it and open the neighbour
  const [openId, setOpenId] = useState<string | null>(null);
  // Until measured, show everything (no flicker into 'more').
  const { shown, more } = width > 0 ? splitTopMenu(nodes, width) : { shown: nodes, more: [] as MenuNode[] };
  const isActive = (node: MenuNode) => (activeId ? node.id === activeId : containsPath(node, path));
  const variant = (active: boolean) => (active ? 'light' : 'subtle');
  const MORE = '__more';
  const ids = [...shown.map((n) => n.id), ...(more.length ? [MORE] : [])];
  // the roving tab stop: the last focused item, else the active one, else the first
  const tabStop = focusId && ids.includes(focusId) ? focusId : (shown.find(isActive)?.id ?? (more.some(isActive) ? MORE : ids[0]));

  /**
   * Focuses the top item `offset` away from `from` (wrapping). From inside an open group
   * (`fromOpen`) the open group closes and the neighbour opens when it is a group; focus moves
   * first, so the closing menu does not hand focus back to its own item.
   */
  const move = (bar: HTMLElement, from: HTMLElement, offset: number | 'first' | 'last', fromOpen = false) => {
    const list = items(bar);
    const at = list.indexOf(from);
    const next = offset === 'first' ? list[0] : offset === 'last' ? list[list.length - 1] : list[(at + offset + list.length) % list.length];
    if (!next) return;
    next.focus();
    if (fromOpen) setOpenId(next.getAttribute('aria-haspopup') === 'menu' ? next.getAttribute('data-topmenu-id') : null);
  };

  const onBarKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (!target.matches(ITEM)) return;
    const bar = e.currentTarget;
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(bar, target, 1),
      ArrowLeft: () => move(bar, target, -1),
      Home: () => move(bar, target, 'first'),
      End: () => move(bar, target, 'last'),
      ArrowDown: () => target.getAttribute('aria-haspopup') === 'menu' && setOpenId(target.getAttribute('data-topmenu-id')),
    };
    const run = keys[e.key];
    if (!run) return;
    e.preventDefault();
    run();
  };

  /** ← → on an item of an open group (not in a sub-menu, not on a sub-menu's opener): the neighbouring top item, opened. */
  const onDropdownKeyDown = (id: string) => (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const target = e.target as HTMLElement;
    if (target.closest('[data-menu-dropdown]') !== e.currentTarget || target.hasAttribute('aria-haspopup')) return;
    const bar = barRef.current;
    const from = bar?.querySelector<HTMLElement>(`[data-topmenu-id="${id}"]`);
    if (!bar || !from) return;
    e.preventDefault();
    move(bar, from, e.key === 'ArrowRight' ? 1 : -1, true);
  };

  const itemProps = (id: string, active: boolean, testId: string) => ({
    variant: variant(active),
    role: 'menuitem',
    tabIndex: id === tabStop ? 0 : -1,
    onFocus: () => setFocusId(id),
    'aria-current': active ? ('true' as const) : undefined,
    'data-topmenu-item': true,
    'data-topmenu-id': id,
    'data-testid': testId,
    'data-active': active,
  });

  const group = (id: string, target: ReactNode, dropdown: ReactNode, testId: string, position: 'bottom-start' | 'bottom-end') => (
    <Menu key={id} trigger="click-hover" openDelay={50} closeDelay={150} position={position} withinPortal opened={openId === id} onChange={(o) => setOpenId((now) => (o ? id : now === id ? null : now))}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown data-testid={testId} onKeyDown={onDropdownKeyDown(id)}>
        {dropdown}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    // the padding keeps the items' focus outlines inside the clipped box
    <div ref={ref} className={classes.topMenu}>
      <Group ref={barRef} gap={2} wrap="nowrap" data-testid="top-menu" role="menubar" aria-label={t('a11y.topMenu')} aria-orientation="horizontal" onKeyDown={onBarKeyDown}>
        {shown.map((node) =>
          onPick && node.children.length > 0 ? (
            <Button key={node.id} {...itemProps(node.id, isActive(node), `menu-${node.enCode}`)} onClick={() => onPick(node)}>
              {node.title}
            </Button>
          ) : node.children.length > 0 ? (
            group(
              node.id,
              <Button {...itemProps(node.id, isActive(node), `menu-${node.enCode}`)} rightSection={<IconChevronDown size={14} aria-hidden />}>
                {node.title}
              </Button>,
              <MenuEntries nodes={node.children} activate={activate} />,
              `menu-dropdown-${node.enCode}`,
              'bottom-start',
            )
          ) : (
            <Button key={node.id} {...itemProps(node.id, isActive(node), `menu-${node.enCode}`)} onClick={() => activate(node)}>
              {node.title}
            </Button>
          ),
        )}
        {more.length > 0 &&
          group(
            MORE,
            <Button {...itemProps(MORE, more.some(isActive), 'menu-more')} leftSection={<IconDots size={14} aria-hidden />}>
              {t('layout.more')}
            </Button>,
            onPick ? (
              more.map((node) => (
                <Menu.Item key={node.id} onClick={() => (node.children.length > 0 ? onPick(node) : activate(node))} data-testid={`menu-${node.enCode}`}>
                  {node.title}
                </Menu.Item>
              ))
            ) : (
              <MenuEntries nodes={more} activate={activate} />
            ),
            'menu-dropdown-more',
            'bottom-end',
          )}
      </Group>
    </div>
  );
}

function MenuEntries({ nodes, activate }: { nodes: MenuNode[]; activate: (node: MenuNode) => void }) {
  return (
    <>
      {nodes.map((node) =>
        node.children.length > 0 ? (
          <Menu.Sub key={node.id}>
            <Menu.Sub.Target>
              <Menu.Sub.Item data-testid={`menu-${node.enCode}`}>{node.title}</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown>
              <MenuEntries nodes={node.children} activate={activate} />
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        ) : (
          <Menu.Item key={node.id} onClick={() => activate(node)} data-testid={`menu-${node.enCode}`}>
            {node.title}
          </Menu.Item>
        ),
      )}
    </>
  );
}
