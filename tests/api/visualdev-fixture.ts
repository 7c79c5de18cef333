/** A model descriptor written the way the designer exports one (version-3 keys, regList, static options). */
const input = (vModel: string, label: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __config__: { jnpfKey: 'comInput', label, showLabel: true, tag: 'el-input', required: false, layout: 'colFormItem', span: 24, regList: [], ...config },
  __slot__: { prepend: '', append: '' },
  placeholder: '请输入', clearable: true, __vModel__: vModel, ...extra,
});

export const goodsForm = {
  formRef: 'elForm', formModel: 'dataForm', size: 'medium', labelPosition: 'right', labelWidth: 100, popupType: 'general', generalWidth: '600px', gutter: 15,
  fields: [
    input('goodsName', '商品名称', {}, { required: true, regList: [{ pattern: '/^[A-Za-z0-9 ]+$/', message: '商品名称只能包含字母、数字和空格' }] }),
    input('goodsCode', '商品编码', {}, { regList: [{ pattern: '/^G\\d{4}$/', message: '商品编码格式为G加四位数字' }] }),
    {
      __config__: { jnpfKey: 'row', layout: 'rowFormItem', span: 24, children: [
        { __config__: { jnpfKey: 'numInput', label: '数量', required: true, layout: 'colFormItem', span: 12, regList: [] }, __vModel__: 'quantity', min: 0 },
        {
          __config__: { jnpfKey: 'select', label: '状态', required: false, layout: 'colFormItem', span: 12, regList: [], dataType: 'static', props: { label: 'fullName', value: 'id' } },
          __slot__: { options: [{ fullName: '在售', id: 'on' }, { fullName: '停售', id: 'off' }] },
          __vModel__: 'status',
        },
      ] },
    },
    input('costPrice', '成本价'),
    { __config__: { jnpfKey: 'createUser', label: '创建人员', layout: 'colFormItem', span: 12 }, __vModel__: 'creator', readonly: true },
    { __config__: { jnpfKey: 'createTime', label: '创建时间', layout: 'colFormItem', span: 12 }, __vModel__: 'createdTime', readonly: true },
  ],
};

export const goodsColumns = {
  type: 1, hasPage: true, pageSize: 20, defaultSidx: '', sort: 'desc',
  columnList: [
    { prop: 'goodsName', label: '商品名称', align: 'left', sortable: true },
    { prop: 'goodsCode', label: '商品编码', align: 'left', sortable: true },
    { prop: 'quantity', label: '数量', align: 'right', sortable: true },
    { prop: 'status', label: '状态', align: 'left' },
    { prop: 'costPrice', label: '成本价', align: 'right' },
    { prop: 'creator', label: '创建人员', align: 'left' },
  ],
  searchList: [
    { prop: 'goodsName', label: '商品名称', jnpfKey: 'input', searchType: 2 },
    { prop: 'status', label: '状态', jnpfKey: 'select', searchType: 1 },
    { prop: 'quantity', label: '数量', jnpfKey: 'inputNumber', searchType: 3 },
    { prop: 'goodsCode', label: '商品编码', jnpfKey: 'input', searchType: 1 },
  ],
  btnsList: [{ value: 'add', icon: 'el-icon-plus', label: '新增' }, { value: 'download', icon: 'el-icon-download', label: '导出' }],
  columnBtnsList: [{ value: 'edit', label: '编辑' }, { value: 'remove', label: '删除' }, { value: 'detail', label: '详情' }],
  useBtnPermission: true, useColumnPermission: true, useFormPermission: true, useDataPermission: false,
};

export const goodsDefinition = (enCode = 'testGoods') => ({
  fullName: '测试商品', enCode, category: '测试', type: 1, webType: 2, formData: JSON.stringify(goodsForm), columnData: JSON.stringify(goodsColumns), sortCode: 0,
});
