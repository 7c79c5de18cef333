import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { memo, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { CompiledField } from '../../../runtime/model/compiled';
import { FormScopeContext } from '../../form/FormItem';
import { useRT } from '../../i18n';
import { isFieldKind } from '../../../runtime/kinds';
import type { FieldRegistry, FieldRenderer } from '../../types';
import { UnknownKind } from '../shared/unknown';
import { cellKey, SubTableRowContext, type SubTableRow } from './row-context';

type Row = Record<string, unknown>;

export interface TableRowProps {
  tableKey: string;
  index: number;
  row: Row;
  columns: readonly CompiledField[];
  registry: FieldRegistry;
  idPrefix: string;
  locked: boolean;
  onCellChange(index: number, column: string, value: unknown): void;
  onDelete(index: number): void;
}

const NO_ERRORS = '';

/**
 * One sub-table row, memoised: a keystroke changes one row object, so only that row (and in
 * it, only the changed cell) renders again. Its cells' messages are the form store's entries
 * `table.row.column`, placed there by the form's one checker (the shared record validator).
 */
export const TableRow = memo(function TableRow({ tableKey, index, row, columns, registry, idPrefix, locked, onCellChange, onDelete }: TableRowProps) {
  const t = useRT();
  const scope = useContext(FormScopeContext);
  const store = scope?.store;
  const keys = useMemo(() => columns.map((c) => cellKey(tableKey, index, c.key)), [columns, tableKey, index]);
  const subscribe = useCallback((listener: () => void) => {
    if (!store) return () => undefined;
    const offs = keys.map((k) => store.subscribe(k, listener));
    return () => offs.forEach((off) => off());
  }, [store, keys]);
  // one string per row (stable while nothing changes), split back per cell
  const errors = useSyncExternalStore(subscribe, () => (store ? keys.map((k) => store.shownError(k) ?? '').join('\u0000') : NO_ERRORS), () => NO_ERRORS);
  const messages = errors ? errors.split('\u0000') : [];
  const context = useMemo<SubTableRow>(() => ({ table: tableKey, index, values: row }), [tableKey, index, row]);
  scope?.onFieldRender?.(`${tableKey}.${index}`);
  return (
    <SubTableRowContext.Provider value={context}>
      <tr data-row-index={index}>
        <td className="scp-subtable-index">{index + 1}</td>
        {columns.map((column, i) => (
          <td key={column.key} data-column={column.key} style={column.props.columnWidth ? { width: String(column.props.columnWidth) } : undefined}>
            <TableCell tableKey={tableKey} index={index} column={column} value={row[column.key]} message={messages[i] || ''} registry={registry}
              id={`${idPrefix}${tableKey}_${index}_${column.key}`} locked={locked} onCellChange={onCellChange} />
          </td>
        ))}
        {locked ? null : (
          <td className="scp-subtable-actions">
            <ActionIcon variant="subtle" color="red" size="sm" aria-label={t('subTable.deleteRow', { row: index + 1 })} onClick={() => onDelete(index)} data-action="delete-row">
              <IconTrash size={14} />
            </ActionIcon>
          </td>
        )}
      </tr>
    </SubTableRowContext.Provider>
  );
});

interface TableCellProps {
  tableKey: string;
  index: number;
  column: CompiledField;
  value: unknown;
  message: string;
  registry: FieldRegistry;
  id: string;
  locked: boolean;
  onCellChange(index: number, column: string, value: unknown): void;
}

/** One cell: the column's kind's own edit widget from the registry (pickers included) and its message. */
const TableCell = memo(function TableCell({ tableKey, index, column, value, message, registry, id, locked, onCellChange }: TableCellProps) {
  const scope = useContext(FormScopeContext);
  const key = cellKey(tableKey, index, column.key);
  const onChange = useCallback((next: unknown) => {
    onCellChange(index, column.key, next);
    scope?.onFieldChange(key);
  }, [onCellChange, index, column.key, scope, key]);
  const onBlur = useCallback(() => scope?.onFieldBlur(key), [scope, key]);
  const renderer = rendererOf(registry, column.kind);
  if (!renderer) return <UnknownKind kind={column.kind} label={column.label} />;
  return (
    <div className="scp-subtable-cell" data-cell={key} data-invalid={message ? '' : undefined}>
      <renderer.Edit field={column} value={value} onChange={onChange} onBlur={onBlur} id={id} disabled={locked || column.disabled}
        readOnly={column.readonly || column.system} error={!!message} />
      {message ? <div className="scp-field-error" role="alert" data-cell-error>{message}</div> : null}
    </div>
  );
});

/** The registry's renderer of a kind (registry.ts's lookupRenderer, which this folder cannot import: the registry imports the table). */
export function rendererOf(registry: FieldRegistry, kind: string): FieldRenderer | null {
  return isFieldKind(kind) ? (registry[kind] as unknown as FieldRenderer) : null;
}
