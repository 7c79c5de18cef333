import { Alert, Button, Group } from '@mantine/core';
import { withTheme } from '@rjsf/core';
import type { FieldProps, RJSFSchema, UiSchema } from '@rjsf/utils';
import { memo, useContext, useEffect, useImperativeHandle, useMemo, useRef, useState, type CSSProperties, type Ref } from 'react';
import type { CompiledModel, FieldError, RecordValidator } from '../../runtime/model/compiled';
import type { PermissionEntry } from '../data/provider';
import { useRT } from '../i18n';
import { LayoutView } from '../layout/LayoutView';
import { visibleFieldKeys } from '../permissions';
import { fieldRegistry } from '../registry';
import type { FieldRegistry } from '../types';
import { FormItem, FormScopeContext, type FormScope } from './FormItem';
import { createRevealGate } from './reveal';
import { createFormStore, type FormStore } from './store';
import { createRecordValidator } from '../../runtime/validation';
import { LocaleContext } from '../i18n';
import { rjsfValidator } from './validation';
import { createFormChecker } from './checker';
import { refusalErrors } from './refusal';
import { PaneSignalsContext } from '../layout/panes';
import { FormStyles } from './styles';
import { rjsfWidgets } from './widgets';

export interface ModelFormHandle {
  /**
   * Validates; when valid calls onSubmit and resolves true. A refusal thrown by onSubmit (see
   * refusal.ts) shows its messages on the fields and resolves false; other failures reject.
   */
  submit(): Promise<boolean>;
  /** Shows a refusal's field messages (for callers that send the record themselves). */
  showServerErrors(errors: FieldError[]): void;
  getValues(): Record<string, unknown>;
  /** Whether the user changed a value since the form opened (a close must ask before dropping it). */
  isDirty(): boolean;
  store: FormStore;
}

export interface ModelFormProps {
  model: CompiledModel;
  permissions: PermissionEntry | null;
  /** The record being edited, or nothing for a new one (the model's defaults apply). */
  initialValues?: Record<string, unknown> | null;
  mode?: 'create' | 'update';
  disabled?: boolean;
  /** Defaults to the shared validator (src/runtime/validation, the server's own). */
  validator?: RecordValidator;
  onSubmit?(values: Record<string, unknown>): void | Promise<void>;
  onCancel?(): void;
  /** Show confirm/cancel buttons under the form (the dialogs of ModelPage draw their own). */
  showActions?: boolean;
  formRef?: Ref<ModelFormHandle>;
  registry?: FieldRegistry;
  /** Test and bench hook: called on each render of a form item. */
  onFieldRender?: (key: string) => void;
}

/** The root field of our rjsf theme: draws the compiled layout; never re-rendered by rjsf props. */
const LayoutField = memo(
  function LayoutField(_props: FieldProps) {
    const scope = useContext(FormScopeContext)!;
    return <FormLayout scope={scope} />;
  },
  () => true,
);

const FormLayout = memo(function FormLayout({ scope }: { scope: FormScope }) {
  return <LayoutView nodes={scope.model.form.layout} visible={scope.visible} renderLeaf={renderItem} gutter={scope.model.form.gutter || 16} />;
});

function renderItem(key: string) {
  return <FormItem fieldKey={key} />;
}

/** Our rjsf theme: the registry's edit widgets as rjsf widgets, LayoutField as the root, no error list or submit button. */
export const formTheme = {
  fields: { LayoutField },
  widgets: rjsfWidgets(fieldRegistry),
  templates: { ErrorListTemplate: () => null, ButtonTemplates: { SubmitButton: () => null } },
};
const ThemedForm = withTheme(formTheme);
const ROOT_UI: UiSchema = { 'ui:field': 'LayoutField' };
/**
 * What rjsf itself is given: an empty object schema and no data. LayoutField draws every field
 * from the compiled model and values live in our store, so the record schema would only make
 * rjsf resolve it and compute default form state for every property on mount (a tenth of a
 * 1,000-field first render) for nothing. Validation is ours (the server's validator, on submit
 * and blur), never rjsf's.
 */
const ROOT_SCHEMA: RJSFSchema = { type: 'object' };
const ROOT_DATA: Record<string, unknown> = {};
const ROOT_VALIDATOR = rjsfValidator();

function storingKeys(model: CompiledModel): string[] {
  return Object.values(model.form.fields)
    .filter((f) => f.stores && !f.system)
    .map((f) => f.key);
}

/**
 * A model's form: rjsf Form whose root field draws the compiled layout through the registry;
 * values live in a per-form store so one keystroke re-renders one field, and are checked with
 * the server's validator against the model's recordSchema.
 */
export function ModelForm(props: ModelFormProps) {
  const { model, permissions, mode = props.initialValues ? 'update' : 'create' } = props;
  const t = useRT();
  const propsRef = useRef(props);
  propsRef.current = props;
  const initial = useMemo(() => ({ ...model.form.defaults, ...(props.initialValues ?? {}) }), [model, props.initialValues]);
  const store = useMemo(() => createFormStore(initial), [initial]);
  const gate = useMemo(() => createRevealGate(), [store]);
  useEffect(() => gate.opened(), [gate]);
  const visible = useMemo(() => visibleFieldKeys(model, permissions), [model, permissions]);
  const locale = useContext(LocaleContext);
  // The same validator the server runs, so browser and server give the same messages.
  const validator = useMemo(() => props.validator ?? createRecordValidator({ locale }), [props.validator, locale]);

  const checker = useMemo(() => createFormChecker({ model, store, visible, validator, mode, t }), [model, store, visible, validator, mode, t]);
  const scope = useMemo(() => {
    const s: FormScope = {
      model,
      store,
      registry: props.registry ?? fieldRegistry,
      idPrefix: `scp_${model.id}_`,
      disabled: !!props.disabled,
      labelWidth: model.form.labelWidth || 100,
      labelPosition: model.form.labelPosition,
      visible,
      gate,
      onFieldBlur(key) {
        store.touch(key);
        checker.check([key]);
      },
      onFieldChange(key) {
        // Once a field shows a message, it follows the value as the user types.
        if (store.shownError(key) !== undefined) checker.check([key]);
      },
      onFieldRender: props.onFieldRender,
    };
    return s;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, store, gate, visible, checker, props.disabled, props.registry]);

  // Messages of a refusal about fields this form does not show: above the form.
  const [elsewhere, setElsewhere] = useState<string[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  /** Opens the tab or pane of the first field with a message and scrolls it into view. */
  const revealFirst = () => {
    const key = checker.firstShown();
    if (!key) return;
    store.requestFocus(key);
    const selector = `[data-field-key="${CSS.escape(key)}"], [data-pending-field="${CSS.escape(key)}"]`;
    requestAnimationFrame(() => rootRef.current?.querySelector(selector)?.scrollIntoView({ block: 'nearest' }));
  };
  const showServerErrors = (errors: FieldError[]) => {
    setElsewhere(checker.refused(errors));
    revealFirst();
  };

  /** Resolves false when the browser's check or the server's refusal left messages; rejects when onSubmit fails otherwise. */
  const submit = async () => {
    store.markSubmitted();
    checker.clearRefusal();
    setElsewhere([]);
    const errors = checker.check();
    if (Object.keys(errors).length) {
      revealFirst();
      return false;
    }
    const values = store.getValues();
    const out: Record<string, unknown> = {};
    for (const key of storingKeys(model)) if (key in values) out[key] = values[key];
    try {
      await propsRef.current.onSubmit?.(out);
    } catch (error) {
      const refused = refusalErrors(error);
      if (!refused.length) throw error;
      showServerErrors(refused);
      return false;
    }
    return true;
  };
  useImperativeHandle(props.formRef, () => ({ submit, showServerErrors, getValues: () => store.getValues(), isDirty: () => store.isDirty(), store }));

  return (
    <FormScopeContext.Provider value={scope}>
      <PaneSignalsContext.Provider value={store}>
        <div ref={rootRef} className="scp-model-form" data-model-id={model.id} data-label-position={scope.labelPosition} style={{ '--scp-label-width': `${scope.labelWidth}px` } as CSSProperties}>
          <FormStyles />
          {elsewhere.length ? (
            <Alert color="red" mb="sm" data-form-messages>
              {elsewhere.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          ) : null}
          <ThemedForm
            schema={ROOT_SCHEMA}
            validator={ROOT_VALIDATOR}
            uiSchema={ROOT_UI}
            formData={ROOT_DATA}
            noValidate
            noHtml5Validate
            showErrorList={false}
            // Not a <form>: every property read on a form element (React reads its own props
            // from each ancestor on every input event) first searches the form's named controls,
            // O(fields) per keystroke. Our buttons call submit(); there is no implicit submission.
            tagName="div"
            onSubmit={() => void submit().catch(() => undefined)}
            idPrefix={`scp_${model.id}`}
          >
            <></>
          </ThemedForm>
          {props.showActions !== false ? (
            <Group justify="flex-end" mt="md">
              {props.onCancel ? (
                <Button variant="default" onClick={props.onCancel}>
                  {model.form.cancelButtonText ?? t('renderers.cancel')}
                </Button>
              ) : null}
              {/* onSubmit's own failures are reported by whoever sent the record (the API client's message). */}
              <Button onClick={() => void submit().catch(() => undefined)} data-action="submit">
                {model.form.confirmButtonText ?? t('renderers.confirm')}
              </Button>
            </Group>
          ) : null}
        </div>
      </PaneSignalsContext.Provider>
    </FormScopeContext.Provider>
  );
}
