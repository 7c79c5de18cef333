import { useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { checkExpression } from '../../runtime/calculate-rule';
import type { CalcContext } from '../../runtime/calculate';
import { formatNumber } from '../../runtime/format/amount';
import type { CompiledField } from '../../runtime/model/compiled';
import { FormScopeContext } from '../form/FormItem';
import { useFormatted } from '../format';
import type { EditProps, FieldRenderer, ViewProps } from '../types';
import { ChineseAmount } from './inputNumber';
import { SubTableRowContext, type SubTableRow } from './table/row-context';

/** Recalculation waits this long after the last change it depends on (spec 5). */
export const RECALC_DEBOUNCE_MS = 100;

/**
 * The evaluator (mathjs) is loaded when a calculation first runs, so forms without calculated
 * fields never download it; a calculation is debounced anyway.
 */
let evaluator: Promise<typeof import('../../runtime/calculate')> | null = null;
const loadEvaluator = () => (evaluator ??= import('../../runtime/calculate'));

const contextOf = (record: Record<string, unknown>, row: SubTableRow | null): CalcContext =>
  ({ record, row: row ? { table: row.table, values: row.values } : undefined });

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
  const checked = useMemo(() => checkExpression(field.props.expression), [field.props.expression]);
  const store = scope?.store;
  // inside a row, its own table's columns come from the row (re-rendered with it): watching the
  // whole table would wake every row's calculation on each keystroke anywhere in the table
  const ownTable = row?.table;
  const watched = useMemo(
    () => (checked.ok ? [...new Set(checked.refs.filter((r) => !(r.column && r.key === ownTable)).map((r) => r.key))] : []),
    [checked, ownTable],
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
  const latest = useRef({ value, onChange, row });
  latest.current = { value, onChange, row };
  useEffect(() => {
    if (!checked.ok) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      void loadEvaluator().then(({ calculate }) => {
        if (!live) return;
        const now = latest.current;
        const next = calculate(field.props.expression, contextOf(store?.getValues() ?? {}, now.row));
        // 0 over an empty value is shown, not written: an untouched form stays unchanged (no question on close)
        const empty = now.value === null || now.value === undefined || now.value === '';
        if (!Object.is(next, now.value) && !(empty && next === 0)) now.onChange(next);
      });
    }, RECALC_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // row?.values: the row this cell is in changed; version: a referenced form field changed
  }, [row?.values, version, field.props.expression, checked.ok, store, value]);
  return <Display field={field} value={value} />;
}

/** The stored result; one that is not stored is calculated from the shown record (or sub-table row) once the evaluator is there. */
function useShown({ field, value, record }: ViewProps<'calculate'>): unknown {
  const row = useContext(SubTableRowContext);
  const [computed, setComputed] = useState<number | null>(null);
  useEffect(() => {
    if (field.stores) return undefined;
    let live = true;
    void loadEvaluator().then(({ calculate }) => {
      if (live) setComputed(calculate(field.props.expression, contextOf(row ? {} : (record ?? {}), row)));
    });
    return () => {
      live = false;
    };
  }, [field.stores, field.props.expression, record, row]);
  return field.stores ? value : computed;
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
