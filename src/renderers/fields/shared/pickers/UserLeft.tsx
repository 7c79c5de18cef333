import { Box, Loader, Text, UnstyledButton } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { DataProvider } from '../../../data/provider';
import { useRT } from '../../../i18n';
import type { LeftPaneProps } from './Picker';
import { CURRENT_USER } from './useNames';
import { PickerTree } from './PickerTree';
import { fetchFirstPage, getOrganization, opensInTree, type FirstPage } from './userFirstPage';
import { finishedAfter, PAGE_SIZE, splitTypedId, typedId, wantsNextPage, type PickedItem, type PickerNode } from './selection';

const USERS = '/api/permission/Users';
type Page = { list?: PickerNode[] } | PickerNode[] | null | undefined;
const listOf = (reply: Page): PickerNode[] => (Array.isArray(reply) ? reply : (reply?.list ?? []));

/** Types a multiple user picker may also take besides users (widgets spec 5); single mode takes users only. */
const GROUP_TYPES = ['company', 'department', 'role', 'position', 'group'];

/**
 * The restricted modes' lists (widgets spec 6): dep, pos, role and group take their ids from
 * `ableIds`; custom takes typed ids ('id--type') or the v3 lists (ableDepIds, ablePosIds …).
 */
export function conditionOf(props: Record<string, unknown>): Record<string, string[]> {
  const list = (key: string) => (Array.isArray(props[key]) ? (props[key] as unknown[]).flat(2).map(String).filter(Boolean) : []);
  const able = list('ableIds');
  switch (props.selectType) {
    case 'dep':
      return { departIds: able };
    case 'pos':
      return { positionIds: able };
    case 'role':
      return { roleIds: able };
    case 'group':
      return { groupIds: able };
    default: {
      const by: Record<string, string[]> = { departIds: list('ableDepIds'), positionIds: list('ablePosIds'), userIds: list('ableUserIds'), roleIds: list('ableRoleIds'), groupIds: list('ableGroupIds') };
      const slot: Record<string, string> = { company: 'departIds', department: 'departIds', organize: 'departIds', position: 'positionIds', pos: 'positionIds', role: 'roleIds', group: 'groupIds', user: 'userIds' };
      for (const raw of able) {
        const { id, type } = splitTypedId(raw);
        by[slot[type] ?? 'userIds']!.push(id);
      }
      return by;
    }
  }
}

/** Modes limited to listed ids; 'approver' is the person picker over everyone (approver.ts). */
export const restricted = (props: Record<string, unknown>) => typeof props.selectType === 'string' && !['all', '', 'approver'].includes(props.selectType);

/**
 * A paged list (page size 20): the next page loads within 200 px of the bottom unless loading or
 * finished, and a page of fewer than 20 finishes it. Starts over when `fetchPage` changes.
 */
function PagedList({ fetchPage, render }: { fetchPage(page: number): Promise<PickerNode[]>; render(node: PickerNode): ReactNode }) {
  const t = useRT();
  const [items, setItems] = useState<PickerNode[]>([]);
  const state = useRef({ page: 0, loading: false, finished: false });
  const [, redraw] = useState(0);
  const load = useCallback(async () => {
    const s = state.current;
    if (s.loading || s.finished) return;
    s.loading = true;
    redraw((n) => n + 1);
    try {
      const page = await fetchPage(s.page + 1);
      if (s !== state.current) return; // the list started over (tab, keyword) meanwhile
      s.page += 1;
      s.finished = finishedAfter(page.length);
      setItems((old) => [...old, ...page]);
    } catch {
      s.finished = true; // a failed fetch stops the loader, no message (widgets spec 8)
    } finally {
      s.loading = false;
      redraw((n) => n + 1);
    }
  }, [fetchPage]);
  useEffect(() => {
    state.current = { page: 0, loading: false, finished: false };
    setItems([]);
    void load();
  }, [load]);
  const s = state.current;
  return (
    <Box h={340} style={{ overflowY: 'auto' }} onScroll={(e) => wantsNextPage(e.currentTarget, s.loading, s.finished) && void load()} data-picker-paged>
      {items.map(render)}
      {s.loading ? <Loader size="sm" m="sm" /> : null}
      {!s.loading && items.length === 0 ? <Text c="dimmed" size="sm" p="sm">{t('pickers.empty')}</Text> : null}
    </Box>
  );
}

function ItemButton({ node, chosen, onPick, selectable }: { node: PickerNode; chosen: boolean; selectable: boolean; onPick(): void }) {
  return (
    <UnstyledButton display="block" w="100%" px={8} py={4} onClick={onPick} disabled={!selectable} aria-pressed={chosen} data-picker-node={node.id} style={{ background: chosen ? 'var(--mantine-color-blue-light)' : undefined, borderRadius: 4 }}>
      <Text size="sm">{node.fullName}</Text>
      {node.organize ? (
        <Text size="xs" c="dimmed">
          {node.organize}
        </Text>
      ) : null}
    </UnstyledButton>
  );
}

/** The left pane of the user pickers; `typed`: stored ids carry their type ('id--type', usersSelect). */
export function userLeft(typed: boolean) {
  return function UserLeft({ data, props, multiple, draft, onPick, keyword, tab: shownTab, prefetched }: LeftPaneProps) {
    const tab = shownTab || 'all'; // no tabs (the person picker): 全部数据
    const t = useRT();
    const keys = new Set(draft.map((d) => d.key));
    const itemOf = (node: PickerNode): PickedItem => {
      const type = node.type === 'user' || node.id === CURRENT_USER ? 'user' : node.type;
      const value = typed && node.id !== CURRENT_USER ? typedId(node.id, type) : node.id;
      return { key: value, value, label: node.fullName };
    };
    const selectable = (node: PickerNode) => !node.disabled && (node.type === 'user' || (typed && multiple && GROUP_TYPES.includes(node.type)));
    const render = (node: PickerNode) => <ItemButton key={node.id} node={node} selectable={selectable(node)} chosen={keys.has(itemOf(node).key)} onPick={() => onPick(itemOf(node))} />;
    const fetchPage = useCallback((page: number) => pageOf(data, props, tab, keyword, page), [data, props, tab, keyword]);

    if (!restricted(props) && tab === 'system') return <>{render({ id: CURRENT_USER, fullName: t('pickers.currentUser'), type: 'user' })}</>;
    if (!restricted(props) && tab === 'all' && !keyword.trim())
      return (
        <LazyOrganizationTree
          data={data}
          prefetched={prefetched as FirstPage | undefined}
          selectable={selectable}
          chosen={(node) => keys.has(itemOf(node).key)}
          onPick={(node) => onPick(itemOf(node))}
        />
      );
    return <PagedList fetchPage={fetchPage} render={render} />;
  };
}

/** 全部数据 without a keyword: the organisation tree a level at a time, users as leaves, the first root open. */
function LazyOrganizationTree({ data, prefetched, selectable, chosen, onPick }: { data: DataProvider; prefetched?: FirstPage; selectable(n: PickerNode): boolean; chosen(n: PickerNode): boolean; onPick(n: PickerNode): void }) {
  const [first, setFirst] = useState<FirstPage['ready'] | null>(() => prefetched?.ready ?? null);
  useEffect(() => {
    if (first) return;
    let live = true;
    (prefetched ?? fetchFirstPage(data)).done.then(
      (page) => live && setFirst(page),
      () => live && setFirst({ roots: [], opened: new Map() }),
    );
    return () => {
      live = false;
    };
  }, [data]);
  if (!first) return <Loader size="sm" m="sm" />;
  const { roots, opened } = first;
  return (
    <PickerTree
      nodes={roots}
      initiallyExpanded={roots.slice(0, 1).map((r) => r.id)}
      preloaded={opened}
      loadChildren={(node) => getOrganization(data, node.id)}
      expandable={opensInTree}
      selectable={selectable}
      chosen={chosen}
      onPick={onPick}
    />
  );
}

/** One page of the flat list for the mode, tab and keyword. */
async function pageOf(data: DataProvider, props: Record<string, unknown>, tab: string, keyword: string, currentPage: number): Promise<PickerNode[]> {
  const paging = { keyword, currentPage, pageSize: PAGE_SIZE };
  if (restricted(props)) return listOf((await data.resourceCall('POST', `${USERS}/UserCondition`, { ...conditionOf(props), ...paging })) as Page);
  if (tab === 'subordinates') return currentPage === 1 ? listOf((await data.resourceCall('POST', `${USERS}/getSubordinates`, { keyword })) as Page) : [];
  return listOf((await data.resourceCall('GET', `${USERS}/UserSearch`, { ...paging, ...(tab === 'current' ? { organize: 'current' } : {}) })) as Page);
}
