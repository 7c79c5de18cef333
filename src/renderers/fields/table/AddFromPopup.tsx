import { Button } from '@mantine/core';
import { useMemo, useState } from 'react';
import { cellText, pageSizeOf, paramListOf, popupConfigOf, tableColumns } from '../../../runtime/popup-select';
import type { CompiledField } from '../../../runtime/model/compiled';
import { useDataProvider, type RecordRow } from '../../data/provider';
import { useRT } from '../../i18n';
import { useSibling } from '../popupSelect';
import { PickerDialog } from '../popup/PickerDialog';

/**
 * addType 1 (spec widgets 2.13): rows are added by picking rows of a data interface in the popup
 * select's own dialog (multiple choice). `addTableConf` is a popup config (interfaceId,
 * columnOptions, templateJson, popupTitle …) plus `relationOptions`: which interface column fills
 * which table column ({ field: column, value: interface column }); without them, columns take the
 * interface columns of the same name.
 */
export function AddFromPopup({ field, onAdd, label }: { field: CompiledField; onAdd(rows: Record<string, unknown>[]): void; label: string }) {
  const t = useRT();
  const provider = useDataProvider();
  const sibling = useSibling();
  const [opened, setOpened] = useState(false);
  const conf = useMemo(() => (field.props.addTableConf && typeof field.props.addTableConf === 'object' ? (field.props.addTableConf as Record<string, unknown>) : {}), [field.props.addTableConf]);
  const config = useMemo(() => ({ ...popupConfigOf(conf), multiple: true }), [conf]);
  const mapping = useMemo(() => relationOptionsOf(conf.relationOptions, field), [conf.relationOptions, field]);
  const load = (keyword: string, currentPage: number, pageSize: number) =>
    config.interfaceId && provider.interfaceList
      ? provider.interfaceList(config.interfaceId, {
          keyword, currentPage, pageSize, propsValue: config.propsValue, relationField: config.relationField,
          columnOptions: config.columnOptions.map((c) => c.value).join(','), paramList: paramListOf(config.templateJson, sibling),
        })
      : Promise.resolve({ list: [], pagination: { currentPage, pageSize, total: 0 } });
  const confirm = (_ids: string | string[], rows: RecordRow[]) => {
    setOpened(false);
    onAdd(rows.map((picked) => Object.fromEntries(mapping.map(({ column, source }) => [column, picked[source] ?? null]))));
  };
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpened(true)} data-action="pick-rows" title={config.interfaceId ? undefined : t('subTable.noPopup')}>
        {label}
      </Button>
      <PickerDialog opened={opened} config={{ ...config, popupTitle: config.popupTitle || t('subTable.pickRows') }} columns={tableColumns(config)} value={[]} load={load}
        rowId={(row) => cellText(row[config.propsValue])} pageSize={pageSizeOf(config)} onConfirm={confirm} onClose={() => setOpened(false)} />
    </>
  );
}

/** Which picked-row column fills which table column. */
export function relationOptionsOf(raw: unknown, field: CompiledField): { column: string; source: string }[] {
  const columns = (field.columns ?? []).filter((c) => c.stores).map((c) => c.key);
  if (!Array.isArray(raw) || !raw.length) return columns.map((c) => ({ column: c, source: c }));
  return raw.flatMap((o) => {
    const r = o as Record<string, unknown>;
    const column = typeof r.field === 'string' ? r.field : null;
    const source = typeof r.value === 'string' ? r.value : null;
    return column && source && columns.includes(column) ? [{ column, source }] : [];
  });
}
