import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import { shownFor } from '../../src/runtime/model/compiled';
import { RenderersProvider } from '../../src/renderers/context';
import { createPartialDataProvider } from '../../src/renderers/data/provider';
import { ModelForm } from '../../src/renderers/form/ModelForm';
import { makeField, makeModel } from '../../src/renderers/testing/fixtures';

describe('__config__.showWhen', () => {
  it('compiles only where written', () => {
    const { model } = compileModel({
      id: 'x', fullName: 'x', enCode: 'x', formData: { fields: [
        { __config__: { jnpfKey: 'select', label: 'type' }, __vModel__: 'type', options: [{ id: 1, fullName: 'a' }] },
        { __config__: { jnpfKey: 'input', label: 'address', showWhen: { field: 'type', in: [2, 3] } }, __vModel__: 'address' },
      ] },
    }, { file: 'x.json' });
    expect(model!.form.fields.address!.showWhen).toEqual({ field: 'type', in: [2, 3] });
    expect('showWhen' in model!.form.fields.type!).toBe(false);
  });

  it('matches numbers and their text, never an empty value', () => {
    const when = { field: 'type', in: [2, 3] };
    expect(shownFor(when, 3)).toBe(true);
    expect(shownFor(when, '2')).toBe(true);
    expect(shownFor(when, 0)).toBe(false);
    expect(shownFor(when, null)).toBe(false);
    expect(shownFor(undefined, null)).toBe(true);
  });

  it('draws the field only while the other field holds one of the values', () => {
    const model = makeModel([makeField('input', 'type'), makeField('input', 'address', { showWhen: { field: 'type', in: ['7'] } })]);
    const render = (type: string) =>
      renderToString(
        <MantineProvider>
          <RenderersProvider data={createPartialDataProvider({})}>
            <ModelForm model={model} permissions={null} initialValues={{ type }} />
          </RenderersProvider>
        </MantineProvider>,
      );
    expect(render('7')).toContain('data-field-key="address"');
    const hidden = render('0');
    expect(hidden).not.toContain('data-field-key="address"');
    expect(hidden).toContain('data-hidden-field="address"');
  });
});
