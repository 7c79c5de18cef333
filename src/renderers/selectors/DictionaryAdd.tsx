import { ActionIcon, Group, Modal } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { ALL_KINDS, kindOf, type FieldKind } from '../../runtime/kinds';
import { invalidateDictionaryQueries } from '../data/queries';
import { useRT } from '../i18n';
import type { EditProps, FieldRegistry, FieldRenderer } from '../types';
import { useSelectorsHost } from './context';

/**
 * The dictionary selector's add button (widgets spec 2.6): beside a field fed by a dictionary, it
 * opens dictionary management with that category chosen, in a dialog 80 % wide, for users who may
 * manage dictionaries. Closing it marks the cached dictionaries stale, so the field (and every
 * other field or cell on screen naming a dictionary) asks again at once.
 */
export function DictionaryAddButton({ category, label, children }: { category: string; label: string; children: ReactNode }) {
  const t = useRT();
  const { DictionaryManager, canManageDictionary } = useSelectorsHost();
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  if (!DictionaryManager || !canManageDictionary) return <>{children}</>;
  const close = () => {
    setOpened(false);
    void invalidateDictionaryQueries(client);
  };
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" data-dictionary-add={category}>
      <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
      <ActionIcon variant="default" size="lg" onClick={() => setOpened(true)} aria-label={t('selectors.dictionary.add', { name: label })} data-dictionary-add-button>
        <IconPlus size={14} />
      </ActionIcon>
      {opened ? (
        <Modal opened onClose={close} size="80%" title={t('selectors.dictionary.title')} closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('selectors.dictionary.close') }} data-dictionary-dialog>
          <DictionaryManager category={category} />
        </Modal>
      ) : null}
    </Group>
  );
}

/** The kinds whose options may come from a dictionary and whose edit widget takes the add button. */
function takesDictionary(kind: FieldKind): boolean {
  return !!kindOf(kind).options;
}

function withDictionaryAdd(Edit: ComponentType<EditProps>): ComponentType<EditProps> {
  return function DictionaryFed(props: EditProps) {
    const source = props.field.options;
    if (!source || source.from !== 'dictionary' || props.disabled || props.readOnly) return <Edit {...props} />;
    return (
      <DictionaryAddButton category={source.dictionaryType} label={props.field.label || props.field.key}>
        <Edit {...props} />
      </DictionaryAddButton>
    );
  };
}

/** The registry with every option kind's edit widget wrapped by the add button (shown only when fed by a dictionary). */
export function withDictionaryAddButtons(registry: FieldRegistry): FieldRegistry {
  const out = { ...registry } as unknown as Record<FieldKind, FieldRenderer>;
  for (const kind of ALL_KINDS) if (takesDictionary(kind)) out[kind] = { ...out[kind], Edit: withDictionaryAdd(out[kind].Edit) };
  return out as unknown as FieldRegistry;
}
