import { Text } from '@mantine/core';
import type { ComponentType } from 'react';
import { ALL_KINDS, kindOf, type FieldKind } from '../../../runtime/kinds';
import type { CompiledField, OptionSource } from '../../../runtime/model/compiled';
import { useOptions } from '../../data/hooks';
import { useRT } from '../../i18n';
import type { EditProps, FieldRegistry, FieldRenderer } from '../../types';

type RemoteSource = Exclude<OptionSource, { from: 'static' }>;

/**
 * A quiet note under an option field whose dictionary or data interface is missing (or failed):
 * the field still works, without options. It replaces the shell's red message, which stacked up
 * once per source on a form naming several missing ones.
 */
function OptionSourceNote({ field, source }: { field: CompiledField; source: RemoteSource }) {
  const t = useRT();
  const { problem } = useOptions(field.options);
  if (!problem) return null;
  const text = !problem.missing
    ? t('renderers.optionsFailed', { message: problem.message })
    : source.from === 'dictionary'
      ? t('renderers.optionsNoDictionary', { id: source.dictionaryType })
      : t('renderers.optionsNoInterface', { id: source.interfaceId });
  return (
    // gray.7, not dimmed: the dimmed grey fails WCAG contrast on white (axe: color-contrast)
    <Text size="xs" c="gray.7" mt={2} data-option-note={source.from}>
      {text}
    </Text>
  );
}

function withOptionNote(Edit: ComponentType<EditProps>): ComponentType<EditProps> {
  return function OptionEdit(props: EditProps) {
    const source = props.field.options;
    return (
      <>
        <Edit {...props} />
        {source && source.from !== 'static' ? <OptionSourceNote field={props.field} source={source} /> : null}
      </>
    );
  };
}

/** The registry with every option kind's edit widget (its definition says `options`) followed by the note of its source. */
export function withOptionNotes(registry: FieldRegistry): FieldRegistry {
  const out = { ...registry } as unknown as Record<FieldKind, FieldRenderer>;
  for (const kind of ALL_KINDS) if (kindOf(kind).options) out[kind] = { ...out[kind], Edit: withOptionNote(out[kind].Edit) };
  return out as unknown as FieldRegistry;
}
