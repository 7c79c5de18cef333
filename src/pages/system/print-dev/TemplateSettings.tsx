import { Group, NumberInput, Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useT } from '../../../app/i18n';
import { PAPER_SIZES } from '../../../runtime/print-template';
import { categories, releasedModels, type Option, type TemplateValues } from './api';

type Settings = Omit<TemplateValues, 'templateHtml'>;
interface Props {
  values: Settings;
  onChange(next: Settings): void;
}

const MARGIN_LABELS = ['printDev.marginTop', 'printDev.marginRight', 'printDev.marginBottom', 'printDev.marginLeft'] as const;

/** The template's own fields: name, code, category, type, the model it prints, paper, order, state. */
export function TemplateSettings({ values, onChange }: Props) {
  const t = useT();
  const [cats, setCats] = useState<Option[]>([]);
  const [models, setModels] = useState<{ group: string; items: { value: string; label: string }[] }[]>([]);
  useEffect(() => {
    void categories().then(setCats, () => undefined);
    void releasedModels().then(
      (list) => setModels(list.map((g) => ({ group: g.fullName, items: (g.children ?? []).map((m) => ({ value: m.id, label: m.fullName })) }))),
      () => undefined,
    );
  }, []);
  const set = <K extends keyof Settings>(key: K, value: Settings[K]) => onChange({ ...values, [key]: value });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" data-print-settings>
      <TextInput label={t('printDev.fullName')} required maxLength={50} value={values.fullName} onChange={(e) => set('fullName', e.currentTarget.value)} data-field="fullName" />
      <TextInput label={t('printDev.enCode')} required maxLength={50} value={values.enCode} onChange={(e) => set('enCode', e.currentTarget.value)} data-field="enCode" />
      <Select label={t('printDev.category')} required data={cats.map((c) => ({ value: c.enCode, label: c.fullName }))} value={values.category || null} onChange={(v) => set('category', v ?? '')} data-field="category" />
      <Select
        label={t('printDev.type')}
        data={[{ value: '2', label: t('printDev.typeForm') }, { value: '1', label: t('printDev.typeFlow') }]}
        value={String(values.type)}
        onChange={(v) => set('type', Number(v ?? 2))}
        allowDeselect={false}
        data-field="type"
      />
      <Select label={t('printDev.form')} required searchable data={models} value={values.formId || null} onChange={(v) => set('formId', v ?? '')} data-field="formId" />
      <Select label={t('printDev.paperSize')} data={[...PAPER_SIZES]} value={values.paperSize} onChange={(v) => v && set('paperSize', v as Settings['paperSize'])} allowDeselect={false} data-field="paperSize" />
      <Select
        label={t('printDev.orientation')}
        data={[{ value: 'portrait', label: t('printDev.portrait') }, { value: 'landscape', label: t('printDev.landscape') }]}
        value={values.orientation}
        onChange={(v) => v && set('orientation', v as Settings['orientation'])}
        allowDeselect={false}
        data-field="orientation"
      />
      <NumberInput label={t('printDev.sortCode')} min={0} max={999999} allowDecimal={false} value={values.sortCode} onChange={(v) => set('sortCode', Number(v) || 0)} data-field="sortCode" />
      <Group gap="xs" grow role="group" aria-label={t('printDev.margins')} style={{ gridColumn: 'span 2' }}>
        {MARGIN_LABELS.map((key, i) => (
          <NumberInput
            key={key}
            label={t(key)}
            min={0}
            max={100}
            value={values.margins[i]}
            onChange={(v) => set('margins', values.margins.map((m, j) => (j === i ? Number(v) || 0 : m)) as Settings['margins'])}
          />
        ))}
      </Group>
      <Switch label={t('printDev.enabled')} checked={values.enabledMark === 1} onChange={(e) => set('enabledMark', e.currentTarget.checked ? 1 : 0)} mt="xl" data-field="enabledMark" />
      <Textarea label={t('printDev.description')} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} autosize minRows={1} data-field="description" />
    </SimpleGrid>
  );
}
