import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FieldKind } from '../../src/runtime/kinds';
import type { OptionSource } from '../../src/runtime/model/compiled';
import { RenderersProvider } from '../../src/renderers/context';
import { createPartialDataProvider } from '../../src/renderers/data/provider';
import { fieldRegistry, lookupRenderer } from '../../src/renderers/registry';
import { SelectorsContext, type SelectorsHost } from '../../src/renderers/selectors/context';
import { makeField } from '../../src/renderers/testing/fixtures';

const keys = { labelKey: 'fullName', valueKey: 'enCode', childrenKey: 'children' };
const dictionary: OptionSource = { from: 'dictionary', dictionaryType: 'goodsCategory', ...keys };
const fixed: OptionSource = { from: 'static', options: [{ label: 'A', value: 'a' }], ...keys };
const Manager = () => null;

function render(kind: FieldKind, options: OptionSource, host: SelectorsHost, disabled = false): string {
  const field = makeField(kind, 'f', { options, label: '商品分类' });
  const renderer = lookupRenderer(fieldRegistry, kind)!;
  return renderToString(
    <MantineProvider>
      <RenderersProvider data={createPartialDataProvider({ dictionary: async () => [] })}>
        <SelectorsContext.Provider value={host}>
          <renderer.Edit field={field} value={null} onChange={() => {}} id="f" disabled={disabled} readOnly={false} error={false} />
        </SelectorsContext.Provider>
      </RenderersProvider>
    </MantineProvider>,
  );
}

describe('the dictionary selector add button (widgets spec 2.6)', () => {
  const manager: SelectorsHost = { DictionaryManager: Manager, canManageDictionary: true };
  it.each(['select', 'radio', 'checkbox', 'cascader', 'treeSelect'] as FieldKind[])('%s fed by a dictionary shows it to a user who may manage dictionaries', (kind) => {
    const html = render(kind, dictionary, manager);
    expect(html).toContain('data-dictionary-add="goodsCategory"');
    expect(html).toContain('aria-label="管理数据字典「商品分类」"');
  });

  it('is absent without the permission, without the shell, for static options and on a disabled field', () => {
    expect(render('select', dictionary, { ...manager, canManageDictionary: false })).not.toContain('data-dictionary-add-button');
    expect(render('select', dictionary, { DictionaryManager: null, canManageDictionary: true })).not.toContain('data-dictionary-add-button');
    expect(render('select', fixed, manager)).not.toContain('data-dictionary-add-button');
    expect(render('select', dictionary, manager, true)).not.toContain('data-dictionary-add-button');
  });
});
