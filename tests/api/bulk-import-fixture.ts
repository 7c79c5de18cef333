import XLSX from '@e965/xlsx';

/**
 * An order model with a sub-table, for the bulk import and export tests (API, browser, bench):
 * a required name with a pattern, a number, a static select, a date and a sub-table of lines
 * (required product, a number), and the import and export buttons.
 */
const cfg = (jnpfKey: string, label: string, extra: Record<string, unknown> = {}) => ({ jnpfKey, label, showLabel: true, required: false, layout: 'colFormItem', span: 24, regList: [], ...extra });

export const orderForm = {
  formRef: 'elForm', formModel: 'dataForm', size: 'medium', labelPosition: 'right', labelWidth: 100, popupType: 'general', generalWidth: '600px', gutter: 15,
  fields: [
    { __config__: cfg('comInput', '订单名称', { required: true, regList: [{ pattern: '/^[A-Za-z0-9 ]+$/', message: '订单名称只能包含字母、数字和空格' }] }), __vModel__: 'orderName' },
    { __config__: cfg('numInput', '数量', { required: true }), __vModel__: 'quantity', min: 0 },
    {
      __config__: cfg('select', '状态', { dataType: 'static', props: { label: 'fullName', value: 'id' } }),
      __slot__: { options: [{ fullName: '在售', id: 'on' }, { fullName: '停售', id: 'off' }] },
      __vModel__: 'status',
    },
    { __config__: cfg('date', '下单日期'), __vModel__: 'orderDate', type: 'date', format: 'yyyy-MM-dd' },
    {
      __config__: { ...cfg('table', '明细'), layout: 'rowFormItem', children: [
        { __config__: cfg('comInput', '产品', { required: true }), __vModel__: 'product' },
        { __config__: cfg('numInput', '件数'), __vModel__: 'pieces' },
      ] },
      __vModel__: 'lines',
    },
    { __config__: cfg('createUser', '创建人员'), __vModel__: 'creator', readonly: true },
  ],
};

export const orderColumns = {
  type: 1, hasPage: true, pageSize: 20, defaultSidx: '', sort: 'desc',
  columnList: [
    { prop: 'orderName', label: '订单名称', align: 'left', sortable: true },
    { prop: 'quantity', label: '数量', align: 'right', sortable: true },
    { prop: 'status', label: '状态', align: 'left' },
    { prop: 'orderDate', label: '下单日期', align: 'left' },
  ],
  searchList: [{ prop: 'orderName', label: '订单名称', jnpfKey: 'input', searchType: 2 }],
  btnsList: [{ value: 'add', label: '新增' }, { value: 'upload', label: '导入' }, { value: 'download', label: '导出' }, { value: 'batchRemove', label: '批量删除' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }, { value: 'remove', label: '删除' }],
  useBtnPermission: true, useColumnPermission: false, useFormPermission: false, useDataPermission: false,
};

export const orderDefinition = (enCode = 'testOrders', fullName = '测试订单') => ({
  fullName, enCode, category: '测试', type: 1, webType: 2, formData: JSON.stringify(orderForm), columnData: JSON.stringify(orderColumns), sortCode: 0,
});

export const ORDER_HEADER = [
  ['*订单名称', '*数量', '状态', '下单日期', '明细', ''],
  ['', '', '', '', '*产品', '件数'],
];

/** A workbook of the template's header and the given lines, as the bytes of an .xlsx. */
export function orderSheet(lines: unknown[][], header: unknown[][] = ORDER_HEADER): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([...header, ...lines]), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** `n` good order lines named `${prefix} n`, each with one sub-table row. */
export const goodLines = (n: number, prefix = 'Order'): unknown[][] =>
  Array.from({ length: n }, (_, i) => [`${prefix} ${i + 1}`, i + 1, i % 2 ? '停售' : '在售', '2024-05-06', `P${i}`, 2]);
