import { Button } from '@mantine/core';
import { useCallback, useContext, useMemo, useRef, useState } from 'react';
import { emptyRow, summaryOf, summaryText } from '../../runtime/kinds/table';
import type { CompiledField } from '../../runtime/model/compiled';
import { FormScopeContext } from '../form/FormItem';
import { useRT } from '../i18n';
import { ConfirmDialog } from '../list/ConfirmDialog';
import type { EditProps, FieldRegistry, FieldRenderer, ViewProps } from '../types';
import { FormattedView } from '../format';
import { AddFromPopup } from './table/AddFromPopup';
import { cellKey, SubTableRowContext } from './table/row-context';
import { rendererOf, TableRow } from './table/TableRow';
import { subTableMinWidth } from './table/width';

type Row = Record<string, unknown>;
const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value.map((r) => (r && typeof r === 'object' ? (r as Row) : {})) : []);
const shownColumns = (field: CompiledField) => (field.columns ?? []).filter((c) => c.visiblePc && !c.noShow);

const CSS = `
.scp-subtable-scroll{overflow-x:auto}
.scp-subtable{width:100%;border-collapse:collapse;font-size:14px;table-layout:fixed}
.scp-subtable th,.scp-subtable td{border:1px solid #ebeef5;padding:4px 6px;vertical-align:top;text-align:left}
.scp-subtable th{background:#f5f7fa;font-weight:500;white-space:nowrap}
.scp-subtable .scp-subtable-index{width:50px;text-align:center;color:#909399}
.scp-subtable .scp-subtable-actions{width:44px;text-align:center}
.scp-subtable tfoot td{background:#fafafa;font-weight:500}
.scp-subtable-required{color:#f56c6c;margin-right:4px}
.scp-subtable-title{font-weight:500;margin-bottom:6px}
`;
function SubTableStyles() {
  return <style href="scp-subtable" precedence="scp">{CSS}</style>;
}

function Header({ columns, locked }: { columns: CompiledField[]; locked: boolean }) {
  const t = useRT();
  return (
    <thead>
      <tr>
        <th className="scp-subtable-index">{t('subTable.index')}</th>
        {columns.map((c) => (
          <th key={c.key} data-column={c.key}>
            {c.required ? <span className="scp-subtable-required" data-required aria-hidden>*</span> : null}
            {c.label}
          </th>
        ))}
        {locked ? null : <th className="scp-subtable-actions">{t('subTable.actions')}</th>}
      </tr>
    </thead>
  );
}

/** The 合计 row: each summary column's total, the others empty. */
function Summary({ field, columns, rows, locked }: { field: CompiledField; columns: CompiledField[]; rows: Row[]; locked: boolean }) {
  const t = useRT();
  const summary = summaryOf(field);
  if (!summary.shown) return null;
  return (
    <tfoot>
      <tr data-summary-row>
        <td className="scp-subtable-index">{t('subTable.total')}</td>
        {columns.map((c) => <td key={c.key} data-summary={c.key}>{summary.columns.has(c.key) ? summaryText(field, rows, c.key) : ''}</td>)}
        {locked ? null : <td />}
      </tr>
    </tfoot>
  );
}

/**
 * 设计子表 (spec widgets 2.13): numbered rows of the columns' own edit widgets, a delete per row
 * after a confirmation, add row (or with addType 1, rows picked in a popup), required columns
 * with the red asterisk, the 合计 row. The value is the list of rows in the form's store; a cell
 * change replaces one row object, so only that row's memoised component renders again.
 */
function createEdit(registry: () => FieldRegistry) {
  return function TableEdit({ field, value, onChange, id, disabled, readOnly }: EditProps<'table'>) {
    const t = useRT();
    const scope = useContext(FormScopeContext);
    const rows = useMemo(() => rowsOf(value), [value]);
    const columns = useMemo(() => shownColumns(field), [field]);
    const locked = disabled || readOnly || field.props.disabled === true;
    // the latest rows and onChange, read by stable callbacks (a row's props stay equal between keystrokes)
    const latest = useRef({ rows, onChange });
    latest.current = { rows, onChange };
    // React keys that follow rows through deletes; rows from outside (a reset) get new ones
    const keys = useRef<number[]>([]);
    const nextKey = useRef(0);
    while (keys.current.length < rows.length) keys.current.push(nextKey.current++);
    if (keys.current.length > rows.length) keys.current.length = rows.length;
    const emit = useCallback((next: Row[]) => {
      latest.current.rows = next;
      latest.current.onChange(next);
    }, []);
    const onCellChange = useCallback((index: number, column: string, v: unknown) => {
      const current = latest.current.rows;
      if (Object.is(current[index]?.[column], v)) return;
      const next = current.slice();
      next[index] = { ...current[index], [column]: v };
      emit(next);
    }, [emit]);
    const [pending, setPending] = useState<number | null>(null);
    const onDelete = useCallback((index: number) => setPending(index), []);
    const remove = () => {
      const index = pending;
      setPending(null);
      if (index === null) return;
      const before = latest.current.rows;
      keys.current.splice(index, 1);
      emit(before.filter((_, i) => i !== index));
      // messages of the rows that moved up follow their rows: check the cells that showed one again
      if (scope) {
        for (let i = index; i < before.length; i++) for (const c of columns) {
          const k = cellKey(field.key, i, c.key);
          if (scope.store.shownError(k) !== undefined) scope.onFieldChange(k);
        }
        scope.onFieldChange(field.key);
      }
    };
    const add = (added: Row[]) => emit([...latest.current.rows, ...added.map((r) => ({ ...emptyRow(field), ...r }))]);
    const registryNow = scope?.registry ?? registry();
    const idPrefix = scope?.idPrefix ?? '';
    const addText = typeof field.props.actionText === 'string' && field.props.actionText ? field.props.actionText : t('subTable.add');
    return (
      <div id={id} data-sub-table={field.key}>
        <SubTableStyles />
        {field.props.showTitle !== false && field.label ? <div className="scp-subtable-title">{field.label}</div> : null}
        {/* fixed layout: a keystroke in one cell does not make the browser measure every cell again */}
        <div className="scp-subtable-scroll">
        <table className="scp-subtable" style={{ minWidth: subTableMinWidth(columns, locked) }}>
          <Header columns={columns} locked={locked} />
          <tbody>
            {rows.map((row, i) => (
              <TableRow key={keys.current[i]} tableKey={field.key} index={i} row={row} columns={columns} registry={registryNow} idPrefix={idPrefix}
                locked={locked} onCellChange={onCellChange} onDelete={onDelete} />
            ))}
          </tbody>
          <Summary field={field} columns={columns} rows={rows} locked={locked} />
        </table>
        </div>
        {locked ? null : (
          <div style={{ marginTop: 6 }}>
            {Number(field.props.addType) === 1
              ? <AddFromPopup field={field} onAdd={add} label={addText} />
              : <Button size="xs" variant="light" onClick={() => add([{}])} data-action="add-row">{addText}</Button>}
          </div>
        )}
        <ConfirmDialog opened={pending !== null} message={t('subTable.confirmDelete')} onConfirm={remove} onCancel={() => setPending(null)} />
      </div>
    );
  };
}

/** Read-only (detail viewer, spec 2.15): the rows through each column's View, with the 合计 row. */
function createView(registry: () => FieldRegistry) {
  return function TableView({ field, value }: ViewProps<'table'>) {
    const t = useRT();
    const rows = rowsOf(value);
    const columns = shownColumns(field);
    const reg = registry();
    return (
      <div data-sub-table-view={field.key}>
        <SubTableStyles />
        <div className="scp-subtable-scroll">
        <table className="scp-subtable" style={{ minWidth: subTableMinWidth(columns, true) }}>
          <Header columns={columns} locked />
          <tbody>
            {rows.length ? rows.map((row, i) => (
              <SubTableRowContext.Provider key={i} value={{ table: field.key, index: i, values: row }}>
                <tr data-row-index={i}>
                  <td className="scp-subtable-index">{i + 1}</td>
                  {columns.map((c) => {
                    const r = rendererOf(reg, c.kind);
                    return <td key={c.key} data-column={c.key}>{r ? <r.View field={c} value={row[c.key]} record={row} /> : null}</td>;
                  })}
                </tr>
              </SubTableRowContext.Provider>
            )) : (
              <tr><td colSpan={columns.length + 1} style={{ textAlign: 'center', color: '#909399' }}>{t('subTable.empty')}</td></tr>
            )}
          </tbody>
          <Summary field={field} columns={columns} rows={rows} locked />
        </table>
        </div>
      </div>
    );
  };
}

/** The sub-table's renderer; `registry` is the registry it belongs to, for its cells (read when drawing, so no import cycle). */
export function tableRenderer(registry: () => FieldRegistry): FieldRenderer<'table'> {
  return { Edit: createEdit(registry), View: createView(registry), Cell: FormattedView };
}
