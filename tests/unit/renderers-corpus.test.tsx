import { MantineProvider } from '@mantine/core';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import type { CompiledModel } from '../../src/runtime/model/compiled';
import { createRecordValidator } from '../../src/runtime/validation';
import { RenderersProvider } from '../../src/renderers/context';
import { createPartialDataProvider } from '../../src/renderers/data/provider';
import { DetailBody } from '../../src/renderers/detail/DetailViewer';
import { ModelForm } from '../../src/renderers/form/ModelForm';
import { ModelList } from '../../src/renderers/list/ModelList';

const CORPUS = '/work/shared/corpus';
const SCHEMAS = join(import.meta.dirname, '../../schemas/models');

function corpusDescriptors(): [string, Record<string, unknown>][] {
  const forms = readdirSync(join(CORPUS, 'forms')).filter((f) => f.endsWith('.json'));
  return forms.map((file) => {
    const formData = JSON.parse(readFileSync(join(CORPUS, 'forms', file), 'utf8')) as unknown;
    const columnsFile = join(CORPUS, 'columns', file.replace('.form.json', '.columns.json'));
    const columnData = existsSync(columnsFile) ? (JSON.parse(readFileSync(columnsFile, 'utf8')) as unknown) : null;
    return [file, { id: file.replace(/\.json$/, ''), fullName: file, formData, columnData }];
  });
}

function schemaDescriptors(): [string, Record<string, unknown>][] {
  if (!existsSync(SCHEMAS)) return [];
  return readdirSync(SCHEMAS)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [`schemas/models/${f}`, JSON.parse(readFileSync(join(SCHEMAS, f), 'utf8')) as Record<string, unknown>]);
}

const data = createPartialDataProvider({
  dictionary: async () => [],
  dataInterface: async () => [],
  listRecords: async () => ({ list: [], pagination: { currentPage: 1, pageSize: 20, total: 0 } }),
});

function render(node: React.ReactNode): string {
  return renderToString(
    <MantineProvider>
      <RenderersProvider data={data}>{node}</RenderersProvider>
    </MantineProvider>,
  );
}

/** A permission entry granting every code the model uses (as a role with full rights would hold). */
function grantAll(model: CompiledModel) {
  const list = (codes: string[]) => codes.map((enCode) => ({ enCode }));
  return { modelId: model.id, button: list(model.permissionCodes.button), column: list(model.permissionCodes.column), form: list(model.permissionCodes.form) };
}

function visibleStoringKeys(model: CompiledModel): string[] {
  return Object.values(model.form.fields)
    .filter((f) => f.stores && f.visiblePc && !f.noShow)
    .map((f) => f.key);
}

describe.each([...corpusDescriptors(), ...schemaDescriptors()])('definition %s', (file, descriptor) => {
  const { model } = compileModel(descriptor, { file });

  it('compiles to a model', () => expect(model).not.toBeNull());

  it('form renders with no error and every visible storing field present', () => {
    const html = render(<ModelForm model={model!} permissions={grantAll(model!)} validator={createRecordValidator()} />);
    const keys = visibleStoringKeys(model!);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(html, key).toContain(`data-field-key="${key}"`);
    // component keys the runtime does not know are shown as a fallback naming them, one per unknown node
    const unknown = JSON.stringify(model!.form.layout).match(/"node":"unknown"/g)?.length ?? 0;
    expect(html.match(/data-unknown-kind=/g)?.length ?? 0).toBe(unknown);
  });

  it('detail viewer and list render with no error', () => {
    const record = { ...model!.form.defaults };
    expect(() => render(<DetailBody model={model!} permissions={grantAll(model!)} record={record} />)).not.toThrow();
    const html = render(<ModelList model={model!} permissions={grantAll(model!)} menuId="corpus" />);
    expect(html).toContain('scp-model-list');
  });

  it('the shared validator runs on the defaults', () => {
    expect(() => createRecordValidator().validate(model!, { ...model!.form.defaults }, 'create')).not.toThrow();
  });
});
