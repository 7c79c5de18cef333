import { ActionIcon, Group, Loader, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useT } from '../../../app/i18n';
import { parentIds, type Node } from './tree';

/**
 * Which rows of a tree table are open: every row with children unless the user closed it, so
 * rows open at first (as the product's tables do) and a reload after a save keeps what was closed.
 */
export function useOpenRows(rows: readonly Node[]) {
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const parents = useMemo(() => parentIds(rows), [rows]);
  const expanded = useMemo(() => new Set(parents.filter((id) => !closed.has(id))), [parents, closed]);
  const toggle = useCallback(
    (id: string) =>
      setClosed((c) => {
        const next = new Set(c);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  return {
    expanded,
    toggle,
    allOpen: parents.length > 0 && expanded.size === parents.length,
    openAll: () => setClosed(new Set()),
    closeAll: () => setClosed(new Set(parents)),
  };
}

export interface TreeColumn<T> {
  key: string;
  label: string;
  width?: number;
  render(row: T): ReactNode;
}

export interface TreeTableProps<T extends Node> {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  columns: TreeColumn<T>[];
  /** Ids of the open rows. */
  expanded: ReadonlySet<string>;
  onToggle(id: string): void;
  /** The row's buttons (the 操作 column). */
  actions(row: T): ReactNode;
  actionsLabel: string;
  loading: boolean;
}

/**
 * A table of a tree (the category drawer's categories, a tree category's entries): every row
 * with children has a button that opens or closes it, its children indented under it. The
 * whole tree comes in one reply, so opening a row asks nothing.
 */
export function TreeTable<T extends Node>({ label, rows, columns, expanded, onToggle, actions, actionsLabel, loading }: TreeTableProps<T>) {
  const t = useT();
  const width = columns.length + 1;
  const row = (record: T, depth: number): ReactNode => {
    const children = (record.children ?? []) as T[];
    const open = expanded.has(record.id);
    const [first, ...rest] = columns;
    return (
      <Fragment key={record.id}>
        <Table.Tr data-row-id={record.id} data-depth={depth}>
          <Table.Td data-cell={first!.key} style={{ paddingLeft: depth * 20 + 10, whiteSpace: 'nowrap' }}>
            <Group gap={4} wrap="nowrap">
              {children.length ? (
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  onClick={() => onToggle(record.id)}
                  aria-expanded={open}
                  aria-label={t(open ? 'dictAdmin.collapseRow' : 'dictAdmin.expandRow', { name: record.fullName })}
                  data-action="toggle-row"
                >
                  {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </ActionIcon>
              ) : (
                <span style={{ display: 'inline-block', width: 22 }} />
              )}
              {first!.render(record)}
            </Group>
          </Table.Td>
          {rest.map((c) => (
            <Table.Td key={c.key} data-cell={c.key}>
              {c.render(record)}
            </Table.Td>
          ))}
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{actions(record)}</Table.Td>
        </Table.Tr>
        {open ? children.map((child) => row(child, depth + 1)) : null}
      </Fragment>
    );
  };
  const message = (content: ReactNode) => (
    <Table.Tr>
      <Table.Td colSpan={width}>{content}</Table.Td>
    </Table.Tr>
  );
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover withTableBorder aria-label={label} aria-busy={loading} className="scp-dict-table">
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} style={c.width ? { width: c.width } : undefined}>
                {c.label}
              </Table.Th>
            ))}
            <Table.Th style={{ width: 1, whiteSpace: 'nowrap' }}>{actionsLabel}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows.length
            ? message(
                <Group justify="center">
                  <Loader size="sm" />
                </Group>,
              )
            : !rows.length
              ? message(
                  <Text ta="center" size="sm">
                    {t('dictAdmin.noData')}
                  </Text>,
                )
              : rows.map((r) => row(r, 0))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
