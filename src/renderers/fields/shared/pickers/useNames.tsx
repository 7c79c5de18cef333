import { useMemo, useSyncExternalStore } from 'react';
import { kindOf, type FormatContext } from '../../../../runtime/kinds';
import type { CompiledField } from '../../../../runtime/model/compiled';
import { useDataProvider } from '../../../data/provider';
import { useFormatContext } from '../../../format';
import type { ViewProps } from '../../../types';
import { useRT } from '../../../i18n';
import { batcherOf } from './calls';

/** The user picker's system variable (widgets spec 2.1): named, never looked up. */
export const CURRENT_USER = 'currentUser';
import { idsOf } from './names';

/** Shown for a name still on its way (never the raw id). */
const PENDING = '…';

/**
 * The field's format context with names the reply lacked: the reply's `refs` first, then the
 * shared batcher (one request per kind for everything the page asks in one render).
 */
export function useNamedFormatContext(field: CompiledField, value: unknown): FormatContext {
  const base = useFormatContext(field);
  const t = useRT();
  const data = useDataProvider();
  const batcher = batcherOf(data);
  const ref = kindOf(field.kind).refs;
  const missing = useMemo(() => (ref ? idsOf(value).filter((id) => id !== CURRENT_USER && base.refName(ref, id) === undefined) : []), [ref, value, base]);
  // Asked during render so a whole page's cells join one batch (the batcher sends after the render).
  if (ref && missing.length) batcher.want(ref, missing);
  const version = useSyncExternalStore(batcher.subscribe, () => batcher.version, () => batcher.version);
  return useMemo(
    () => ({
      ...base,
      refName: (r, id) => {
        if (r === 'user' && id === CURRENT_USER) return t('pickers.currentUser');
        const own = base.refName(r, id);
        if (own !== undefined) return own;
        const found = batcher.name(r, id);
        return found === undefined ? PENDING : (found ?? '');
      },
    }),
    // version: a new answer re-formats
    [base, batcher, version, t],
  );
}

/** A picker's list cell and read-only view: names, never raw ids. */
export function PickerNames({ field, value }: ViewProps) {
  const ctx = useNamedFormatContext(field, value);
  return <span className="scp-view-text">{kindOf(field.kind).format(value, field, ctx)}</span>;
}
