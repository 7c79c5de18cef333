import { Alert, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useT } from '../../../app/i18n';
import { ModelForm, type ModelFormHandle } from '../../../renderers';
import { useAsync } from '../../../renderers/data/hooks';
import { useCompiledModel, type PageModel } from '../../../renderers/pages/compiledModel';
import { grantedEntry } from '../../../renderers/pages/ModelPage';
import type { FlowFieldRight } from '../../../app/api/flow';
import type { CompiledModel } from '../../../runtime/model/compiled';

/** What the viewer may do with the form: edit every field (the initiator resubmitting), some (the node's writable ones), or none. */
export type FormRights = { kind: 'all' } | { kind: 'some'; rights: FlowFieldRight[] } | { kind: 'none' };

export interface FlowFormViewProps {
  modelId: string | null;
  values: Record<string, unknown>;
  rights: FormRights;
  onChange(values: Record<string, unknown>): void;
}

const writable = (rights: FormRights, key: string) => rights.kind === 'all' || (rights.kind === 'some' && rights.rights.some((r) => r.id === key && r.write === true));
const hidden = (rights: FormRights, key: string) => rights.kind === 'some' && rights.rights.some((r) => r.id === key && r.read === false);

/** A typed value back in the type it came in (a number stays a number when the text still reads as one). */
function typed(before: unknown, text: string): unknown {
  if (typeof before === 'number' && text.trim() !== '' && !Number.isNaN(Number(text))) return Number(text);
  return text;
}

const shown = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * The form as label/value rows, when the flow is bound to no model: the node's field list (its
 * names) for an approver, the stored values' keys otherwise. Writable plain values are text inputs.
 */
function FieldRows({ values, rights, onChange }: Omit<FlowFormViewProps, 'modelId'>) {
  const t = useT();
  const keys = useMemo(() => {
    const listed = rights.kind === 'some' ? rights.rights.map((r) => r.id).filter((k) => k in values || writable(rights, k)) : [];
    return [...new Set([...listed, ...Object.keys(values)])].filter((k) => !hidden(rights, k));
  }, [values, rights]);
  const nameOf = (key: string) => (rights.kind === 'some' ? rights.rights.find((r) => r.id === key)?.name : undefined) ?? key;
  if (!keys.length) return <Text c="dimmed" size="sm">{t('flowUi.detail.noForm')}</Text>;
  return (
    <Table withTableBorder data-testid="flow-form-rows">
      <Table.Tbody>
        {keys.map((key) => {
          const value = values[key];
          const editable = writable(rights, key) && (value === undefined || value === null || typeof value !== 'object');
          return (
            <Table.Tr key={key} data-field={key} data-editable={editable ? '1' : '0'}>
              <Table.Th w={180} scope="row">{nameOf(key)}</Table.Th>
              <Table.Td>
                {editable ? (
                  <TextInput aria-label={nameOf(key)} value={shown(value)} onChange={(e) => onChange({ ...values, [key]: typed(value, e.currentTarget.value) })} />
                ) : (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{shown(value)}</Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The model with every field disabled but the writable ones, and the node's unreadable fields left out. */
function withRights(model: PageModel, rights: FormRights): CompiledModel {
  if (rights.kind === 'all') return model;
  const fields = Object.fromEntries(
    Object.entries(model.form.fields).map(([key, f]) => [key, { ...f, disabled: f.disabled || !writable(rights, key), noShow: f.noShow || hidden(rights, key) }]),
  );
  return { ...model, form: { ...model.form, fields } };
}

/** The flow's model form through the platform's renderer: read-only but for the fields the viewer may write. */
function ModelFormView({ modelId, values, rights, onChange }: FlowFormViewProps & { modelId: string }) {
  const t = useT();
  const config = useAsync((p) => p.getModelConfig(modelId), [modelId]);
  const compiled = useCompiledModel(config.data);
  const model = useMemo(() => (compiled ? withRights(compiled, rights) : null), [compiled, rights]);
  const permissions = useMemo(() => (compiled ? grantedEntry(compiled) : null), [compiled]);
  const form = useRef<ModelFormHandle>(null);
  const initial = useRef(values).current; // the form keeps its own values once drawn
  useEffect(() => {
    const store = form.current?.store;
    if (!store) return;
    // the page reads the edited values on each change (the actions send them)
    return store.subscribeAll(() => onChange({ ...initial, ...form.current!.getValues() }));
  }, [model, initial, onChange]);
  // a model the viewer may not read (no menu on it) falls back to the plain rows
  if (config.error) return <FieldRows values={values} rights={rights} onChange={onChange} />;
  if (!model) return config.loading ? null : <Alert color="red">{t('flowUi.detail.noForm')}</Alert>;
  return <ModelForm model={model} permissions={permissions} initialValues={initial} mode="update" showActions={false} formRef={form} disabled={rights.kind === 'none'} />;
}

/** The flow's form: the model's own when the engine has one, else label/value rows. */
export function FlowFormView(props: FlowFormViewProps) {
  return (
    <div data-testid="flow-form" data-model={props.modelId ?? ''}>
      {props.modelId ? <ModelFormView {...props} modelId={props.modelId} /> : <FieldRows values={props.values} rights={props.rights} onChange={props.onChange} />}
    </div>
  );
}
