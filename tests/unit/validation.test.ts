import { describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import { createRecordValidator, requiredMessage, ruleMessage, validateRecord } from '../../src/runtime/validation';
import demo from '../../schemas/models/demo-model.json';

const { model } = compileModel({
  id: 'v', fullName: 'V', enCode: 'v',
  formData: { fields: [
    { __config__: { jnpfKey: 'input', label: '手机', required: true, regList: [{ pattern: '@mobile' }] }, __vModel__: 'phone' },
    { __config__: { jnpfKey: 'comInput', label: '编码', regList: [{ pattern: '/^[a-z]+$/i', message: '编码只能是字母' }] }, __vModel__: 'code', maxlength: 5 },
    { __config__: { jnpfKey: 'numInput', label: '数量' }, __vModel__: 'qty', min: 1, max: 10 },
    { __config__: { jnpfKey: 'radio', label: '类型' }, __vModel__: 'kind', options: [{ fullName: 'A', id: 'a' }] },
    { __config__: { jnpfKey: 'checkbox', label: '标签', required: true }, __vModel__: 'tags', options: [{ fullName: 'X', id: 'x' }] },
    { __config__: { jnpfKey: 'input', label: '隐藏', required: true, visibility: ['app'] }, __vModel__: 'appOnly' },
    { __config__: { jnpfKey: 'createTime', label: '创建时间' }, __vModel__: 'created' },
    { __config__: { jnpfKey: 'table', label: '明细', children: [
      { __config__: { jnpfKey: 'input', label: 'SKU', required: true }, __vModel__: 'sku' },
      { __config__: { jnpfKey: 'input', label: '电话', regList: [{ pattern: '/^1[3456789]\\d{9}$/', message: '请输入正确的手机号码' }] }, __vModel__: 'tel' },
    ] }, __vModel__: 'items' },
  ] },
}, { file: 'v.json' });

describe('record validation', () => {
  it('a valid record has no errors', () => {
    expect(validateRecord(model!, { phone: '13812345678', code: 'ab', qty: 3, kind: 'a', tags: ['x'], items: [{ sku: 'S1', tel: '' }] })).toEqual([]);
  });

  it('messages: required, shared pattern, own regList text, ranges, options, sub-table cells', () => {
    const errors = validateRecord(model!, { phone: '123', code: 'a1b2c3', qty: 11, kind: 'z', tags: [], items: [{ sku: '', tel: '123' }, { tel: '13800000000' }] });
    expect(errors).toEqual([
      { field: 'phone', message: '请正确输入您的手机号' },
      { field: 'code', message: '编码只能是字母' },
      { field: 'code', message: '编码最多5个字符' },
      { field: 'qty', message: '数量不能大于10' },
      { field: 'kind', message: '类型的值不在可选范围内' },
      { field: 'tags', message: '标签不能为空' },
      { field: 'items.0.sku', message: 'SKU不能为空' },
      { field: 'items.0.tel', message: '请输入正确的手机号码' },
      { field: 'items.1.sku', message: 'SKU不能为空' },
    ]);
  });

  it('missing required fields; hidden-on-pc and system fields are not required', () => {
    expect(validateRecord(model!, {})).toEqual([
      { field: 'phone', message: '手机不能为空' },
      { field: 'tags', message: '标签不能为空' },
    ]);
  });

  it('update mode: a missing key is fine, an emptied required one is not', () => {
    expect(validateRecord(model!, { code: 'ab' }, { mode: 'update' })).toEqual([]);
    expect(validateRecord(model!, { phone: '' }, { mode: 'update' })).toEqual([{ field: 'phone', message: '手机不能为空' }]);
  });

  it('generated messages follow the locale; the descriptor’s own text stays verbatim', () => {
    const errors = validateRecord(model!, { phone: '1', code: '1', tags: ['x'] }, { locale: 'en' });
    expect(errors).toEqual([
      { field: 'phone', message: 'Please enter a valid mobile number' },
      { field: 'code', message: '编码只能是字母' },
    ]);
    expect(validateRecord(model!, {}, { locale: 'zh-TW' })[0]).toEqual({ field: 'phone', message: '手机不能為空' });
  });

  it('browser and server get the same messages for the same record', () => {
    const record = { phone: 'x', qty: 0, items: [{}] };
    const browser = createRecordValidator().validate(model!, record, 'create');
    const server = createRecordValidator({ locale: 'zh-CN' }).validate(structuredClone(model!), structuredClone(record), 'create');
    expect(browser).toEqual(server);
    expect(browser.length).toBeGreaterThan(0);
  });

  it('rule and required messages for per-field display', () => {
    const phone = model!.form.fields.phone!;
    expect(ruleMessage(phone.rules[0]!, 'en')).toBe('Please enter a valid mobile number');
    expect(ruleMessage(model!.form.fields.code!.rules[0]!, 'en')).toBe('编码只能是字母');
    expect(requiredMessage(phone)).toBe('手机不能为空');
  });

  it('the demo model validates its own defaults except the required fields', () => {
    const demoModel = compileModel(demo, { file: 'demo' }).model!;
    const fields = validateRecord(demoModel, { ...demoModel.form.defaults }).map((e) => e.field);
    expect(fields).toEqual(['goodsCode', 'goodsName', 'category', 'price']);
  });
});
