import { createContext, memo, useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { shownFor, type CompiledModel, type ShowWhen } from '../../runtime/model/compiled';
import { UnknownKind } from '../fields/shared/unknown';
import { lookupRenderer } from '../registry';
import type { FieldRegistry } from '../types';
import type { RevealGate } from './reveal';
import type { FormStore } from './store';

/** What every form item of one form shares; stable for the life of the form. */
export interface FormScope {
  model: CompiledModel;
  store: FormStore;
  registry: FieldRegistry;
  idPrefix: string;
  disabled: boolean;
  /** Called when a field loses focus (validation of touched fields). */
  onFieldBlur(key: string): void;
  onFieldChange(key: string): void;
  /** Test and bench hook: called on every render of a form item. */
  onFieldRender?: (key: string) => void;
  labelWidth: number;
  labelPosition: 'left' | 'right' | 'top';
  /** Keys that may show (visibility, noShow, permission). */
  visible: ReadonlySet<string>;
  /** First screen now, the rest of a large form in short slices right after. */
  gate: RevealGate;
}

export const FormScopeContext = createContext<FormScope | null>(null);

function useScope(): FormScope {
  const scope = useContext(FormScopeContext);
  if (!scope) throw new Error('FormItem outside a ModelForm');
  return scope;
}

/**
 * One field of the form. Items past the first screen of a large form start as an empty
 * placeholder of about a field's height and mount in the next tasks (see reveal.ts); their value and
 * error are in the store all along, so submit validation does not depend on them.
 */
export const FormItem = memo(function FormItem({ fieldKey }: { fieldKey: string }) {
  const { gate, model } = useScope();
  const [ready, setReady] = useState(() => gate.claim());
  useEffect(() => (ready ? undefined : gate.wait(() => setReady(true))), [ready, gate]);
  const showWhen = model.form.fields[fieldKey]?.showWhen;
  if (!ready) return <div className="scp-form-item-pending" data-pending-field={fieldKey} />;
  return showWhen ? <ConditionalItem fieldKey={fieldKey} showWhen={showWhen} /> : <FormItemBody fieldKey={fieldKey} />;
});

/**
 * A field with `showWhen`: subscribed to the field it depends on, drawn while that holds one of
 * the values. Hidden, it leaves a marker the layout's cell hides itself by (form styles), so
 * the grid closes up; its value stays in the store.
 */
function ConditionalItem({ fieldKey, showWhen }: { fieldKey: string; showWhen: ShowWhen }) {
  const { store } = useScope();
  const subscribe = useCallback((listener: () => void) => store.subscribe(showWhen.field, listener), [store, showWhen.field]);
  const shown = useSyncExternalStore(subscribe, () => shownFor(showWhen, store.getValue(showWhen.field)), () => shownFor(showWhen, store.getValue(showWhen.field)));
  return shown ? <FormItemBody fieldKey={fieldKey} /> : <div className="scp-condition-hidden" data-hidden-field={fieldKey} hidden />;
}

/**
 * The field itself: label (with the red asterisk when required), the kind's edit widget from
 * the registry, and its message. Subscribed to its own slot of the store, so typing in one
 * field re-renders that field only.
 */
function FormItemBody({ fieldKey }: { fieldKey: string }) {
  const scope = useScope();
  const { store, model } = scope;
  const field = model.form.fields[fieldKey]!;
  const subscribe = useCallback((listener: () => void) => store.subscribe(fieldKey, listener), [store, fieldKey]);
  const value = useSyncExternalStore(subscribe, () => store.getValue(fieldKey), () => store.getValue(fieldKey));
  const error = useSyncExternalStore(subscribe, () => store.shownError(fieldKey), () => undefined);
  const onChange = useCallback((next: unknown) => {
    store.setValue(fieldKey, next);
    scope.onFieldChange(fieldKey);
  }, [store, fieldKey, scope]);
  const onBlur = useCallback(() => scope.onFieldBlur(fieldKey), [scope, fieldKey]);
  scope.onFieldRender?.(fieldKey);

  const renderer = lookupRenderer(scope.registry, field.kind);
  const id = `${scope.idPrefix}${fieldKey}`;
  const top = scope.labelPosition === 'top';
  const edit = renderer ? (
    <renderer.Edit field={field} value={value} onChange={onChange} onBlur={onBlur} id={id} disabled={scope.disabled || field.disabled} readOnly={field.readonly || field.system} error={!!error} />
  ) : (
    <UnknownKind kind={field.kind} label={field.label} />
  );
  const showLabel = field.showLabel && !!field.label;
  // Styled by class (src/renderers/form/styles.tsx): inline styles cost React a DOM call per property per field.
  return (
    <div className="scp-form-item" data-field-key={fieldKey} data-kind={field.kind}>
      {showLabel ? (
        <label htmlFor={id} className="scp-form-label">
          {field.required ? (
            <span className="scp-required" aria-hidden>
              *
            </span>
          ) : null}
          {field.label}
        </label>
      ) : !top ? (
        <span className="scp-form-label-space" data-empty={field.stores ? undefined : ''} />
      ) : null}
      <div className="scp-form-control">
        {edit}
        {error ? (
          <div className="scp-field-error" role="alert" data-field-error>
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}
