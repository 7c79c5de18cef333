import { useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { calculate, compileExpression } from '../../runtime/calculate';
import { formatNumber } from '../../runtime/format/amount';
import type { CompiledField } from '../../runtime/model/compiled';
import { FormScopeContext } from '../form/FormItem';
import { useFormatted } from '../format';
import type { EditProps, FieldRenderer, ViewProps } from '../types';
import { ChineseAmount } from './inputNumber';
import { SubTableRowContext } from './table/row-context';

/** Recalculation waits this long after the last change it depends on (spec 5). */
export const RECALC_DEBOUNCE_MS = 100;

function Display({ field, value }: { field: CompiledField; value: unknown }) {
  const precision = typeof field.props.precision === 'number' ? field.props.precision : 2;
  const text = formatNumber(value ?? 0, { precision, thousands: field.props.thousands === true });
  return (
    <div data-calculate={field.key}>
      <span className="scp-view-text" data-calc-value>{text}</span>
      {field.props.isAmountChinese === true ? <ChineseAmount value={value ?? 0} /> : null}
    </div>
  );
}

/**
 * 计算公式 in a form: recalculated (src/runtime/calculate.ts, the server's own evaluator) 100 ms
 * after a field it references changes; inside a sub-table row, from that row. The result goes
 * into the form's value so a stored one is sent, but the server recomputes it on save anyway.
 */
function Edit({ field, value, onChange }: EditProps<'calculate'>) {
  const scope = useContext(FormScopeContext);
  const row = useContext(SubTableRowContext);
  const compiled = useMemo(() => compileExpression(field.props.expression), [field.props.expression]);
  const store = scope?.store;
  // inside a row, its own table's columns come from the row (re-rendered with it): watching the
  // whole table would wake every row's calculation on each keystroke anywhere in the table
  const ownTable = row?.table;
  const watched = useMemo(
    () => (compiled.ok ? [...new Set(compiled.refs.filter((r) => !(r.column && r.key === ownTable)).map((r) => r.key))] : []),
    [compiled, ownTable],
  );
  // a version that moves whenever a referenced field of the form changes
  const changes = useRef(0);
  const subscribe = useCallback((listener: () => void) => {
    if (!store) return () => undefined;
    const heard = () => {
      changes.current += 1;
      listener();
    };
    const offs = watched.map((key) => store.subscribe(key, heard));
    return () => offs.forEach((off) => off());
  }, [store, watched]);
  const version = useSyncExternalStore(subscribe, () => changes.current, () => 0);
  useEffect(() => {
    const timer = setTimeout(() => {
      const record = store?.getValues() ?? {};
      const next = calculate(field.props.expression, { record, row: row ? { table: row.table, values: row.values } : undefined });
      // 0 over an empty value is shown, not written: an untouched form stays unchanged (no question on close)
      const empty = value === null || value === undefined || value === '';
      if (!Object.is(next, value) && !(empty && next === 0)) onChange(next);
    }, RECALC_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // row.values: the row this cell is in changed; version: a referenced form field changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [row?.values, version, field.props.expression, value]);
  return <Display field={field} value={value} />;
}

/** The stored result; one that is not stored is calculated from the shown record (or sub-table row). */
function useShown({ field, value, record }: ViewProps<'calculate'>): unknown {
  const row = useContext(SubTableRowContext);
  if (field.stores) return value;
  return calculate(field.props.expression, { record: row ? {} : (record ?? {}), row: row ? { table: row.table, values: row.values } : undefined });
}

/** Read-only (detail viewer): the number, and the capital amount when the field asks for it. */
function View(props: ViewProps<'calculate'>) {
  return <Display field={props.field} value={useShown(props)} />;
}

/** List cell: the number alone, as the kind formats it (precision, thousands). */
function Cell(props: ViewProps<'calculate'>) {
  const shown = useShown(props);
  return <span className="scp-view-text">{useFormatted(props.field, shown)}</span>;
}

export const calculateRenderer: FieldRenderer<'calculate'> = { Edit, View, Cell };
