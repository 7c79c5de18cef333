import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileDictionaryPage, compileModel, compilePortalPage, compileReportPage } from '../../src/runtime/compile';
import { kindOf } from '../../src/runtime/kinds';
import { localiseTexts, missingTranslations, readTranslations, textIn } from '../../src/runtime/i18n/texts';
import { validateRecord } from '../../src/runtime/validation';
import { checkDescriptor, checkMenu, loadDescriptors, ROOT } from '../../scripts/schema-lib';

/** Texts in three languages: `<key>_i18n` beside a text, resolved by the compiler for one language. */

const tr = (tw: string, en: string) => ({ 'zh-TW': tw, en });

describe('translations beside a text', () => {
  it('a language reads its translation, any other the own text', () => {
    const translations = tr('商品編號', 'Goods code');
    expect(textIn('en', '商品编码', translations)).toBe('Goods code');
    expect(textIn('zh-TW', '商品编码', translations)).toBe('商品編號');
    expect(textIn('zh-CN', '商品编码', translations)).toBe('商品编码');
    expect(textIn('en', '商品编码', { 'zh-TW': '商品編號' })).toBe('商品编码');
    expect(textIn('en', '商品编码', null)).toBe('商品编码');
    // the database keeps them as JSON text
    expect(textIn('en', '吨', JSON.stringify(tr('公噸', 'Tonne')))).toBe('Tonne');
    expect(readTranslations('not json')).toBeNull();
    expect(readTranslations({ fr: 'x' })).toBeNull();
    expect(readTranslations({})).toBeNull();
  });

  it('localising resolves every k_i18n in the tree and drops the maps', () => {
    const doc = { title: '标题', title_i18n: tr('標題', 'Title'), list: [{ label: '甲', label_i18n: tr('甲', 'A'), n: 1 }, { label: '乙' }], deep: { props: { label: 'fullName' } } };
    expect(localiseTexts(doc, 'en')).toEqual({ title: 'Title', list: [{ label: 'A', n: 1 }, { label: '乙' }], deep: { props: { label: 'fullName' } } });
    expect(localiseTexts(doc, 'zh-CN')).toEqual({ title: '标题', list: [{ label: '甲', n: 1 }, { label: '乙' }], deep: { props: { label: 'fullName' } } });
    expect(doc.title_i18n).toBeDefined(); // the input is left as it was
  });

  it('a malformed map is reported with its path and ignored', () => {
    const problems: string[] = [];
    const out = localiseTexts({ a: [{ label: '甲', label_i18n: { fr: 'A' } }, { label: '乙', label_i18n: 'x' }, { options: [], options_i18n: tr('x', 'y') }] }, 'en', (path, detail) => problems.push(`${path}: ${detail}`));
    expect(out).toEqual({ a: [{ label: '甲' }, { label: '乙' }, { options: [] }] });
    expect(problems).toEqual(['a[0].label_i18n: unknown language fr (zh-CN, zh-TW, en)', 'a[1].label_i18n: not an object of language → text', 'a[2].options_i18n: options is not a text']);
  });

  it('finds texts a person reads that lack a language, not key mappings, numbers or notes', () => {
    const found = missingTranslations({
      fullName: '页', fullName_i18n: tr('頁', 'Page'), description: 'a note for authors',
      formData: { fields: [{ __config__: { label: '名称', label_i18n: { en: 'Name' } }, props: { label: 'fullName' }, placeholder: '123' }] },
      columnData: { btnsList: [{ value: 'add', label: '新增' }] },
    });
    expect(found).toEqual([
      { path: 'formData.fields[0].__config__.label', text: '名称', missing: ['zh-TW'] },
      { path: 'columnData.btnsList[0].label', text: '新增', missing: ['zh-TW', 'en'] },
    ]);
  });
});

const goods = () => JSON.parse(readFileSync(join(ROOT, 'schemas/models/demo-model.json'), 'utf8')) as Record<string, unknown>;

describe('compileModel in one language', () => {
  it('labels, placeholders, options, columns, search fields, buttons and switch texts follow the locale', () => {
    const { model, problems } = compileModel(goods(), { file: 'demo-model.json', locale: 'en', strict: true });
    expect(problems).toEqual([]);
    const fields = model!.form.fields;
    expect(model!.fullName).toBe('Goods');
    expect(fields.goodsCode!.label).toBe('Goods code');
    expect(fields.goodsCode!.placeholder).toBe('Enter the goods code');
    expect(fields.goodsCode!.rules[0]!.message).toBe('The goods code may contain only letters, digits and dots');
    expect(fields.unit!.options).toMatchObject({ from: 'static', options: [{ label: 'Piece', value: 'pcs' }, { label: 'Box' }, { label: 'Kilogram' }, { label: 'Tonne' }] });
    expect(fields.price!.props.addonAfter).toBe('CNY');
    expect(fields.onSale!.props).toMatchObject({ activeTxt: 'On sale', inactiveTxt: 'Not on sale' });
    expect(fields.onSale!.props).not.toHaveProperty('activeTxt_i18n');
    expect(kindOf('switch').choices(fields.onSale!, 'en')!.map((c) => c.label)).toEqual(['On sale', 'Not on sale']);
    expect(model!.form.confirmButtonText).toBe('Save');
    expect(model!.list.columns.map((c) => c.label)).toEqual(['Goods code', 'Goods name', 'Goods category', 'Unit', 'Unit price', 'On sale', 'Quality rating', 'Created at']);
    expect(model!.list.searchFields.map((s) => s.label)).toEqual(['Goods name', 'Goods code', 'Goods category', 'Unit price', 'Created at']);
    expect(model!.list.buttons.map((b) => b.label)).toEqual(['Add', 'Export', 'Delete selected']);
    expect(model!.list.rowButtons.map((b) => b.label)).toEqual(['Edit', 'Delete', 'Details']);
    const tabs = model!.form.layout.find((n) => n.node === 'panes');
    expect(tabs?.node === 'panes' && tabs.panes.map((p) => p.title)).toEqual(['Supply', 'Status and rating']);
    // the record schema's labels: a server in English names the field in English
    expect(validateRecord(model!, {}, { locale: 'en' })).toContainEqual({ field: 'goodsCode', message: 'Goods code is required' });
    expect(validateRecord(model!, { goodsCode: '.x' }, { locale: 'en' })).toContainEqual({ field: 'goodsCode', message: 'The goods code may contain only letters, digits and dots' });
  });

  it('zh-TW reads the traditional texts; zh-CN the author\'s own, as before translations existed', () => {
    const tw = compileModel(goods(), { file: 'g', locale: 'zh-TW' }).model!;
    expect(tw.form.fields.goodsCode!.label).toBe('商品編號');
    expect(validateRecord(tw, {}, { locale: 'zh-TW' })).toContainEqual({ field: 'goodsCode', message: '商品編號不能為空' });
    const cn = compileModel(goods(), { file: 'g' }).model!;
    const stripped = JSON.parse(JSON.stringify(goods(), (key, value: unknown) => (key.endsWith('_i18n') ? undefined : value))) as unknown;
    expect(cn).toEqual(compileModel(stripped, { file: 'g' }).model);
    expect(cn.form.fields.goodsCode!.label).toBe('商品编码');
  });

  it('a text without a translation falls back to the own text; generated texts follow the locale', () => {
    const { model } = compileModel({
      id: 'm', fullName: '页', enCode: 'm',
      formData: { fields: [{ __config__: { jnpfKey: 'input', label: '编码', required: true, regList: [{ pattern: '@mobile' }, { pattern: '/^a/' }] }, __vModel__: 'code' }] },
    }, { file: 'm', locale: 'en' });
    expect(model!.form.fields.code!.label).toBe('编码');
    expect(model!.form.fields.code!.rules.map((r) => r.message)).toEqual(['Please enter a valid mobile number', '编码 has the wrong format']);
    expect(model!.list.buttons.map((b) => b.label)).toEqual(['Add']);
  });

  it('reports missing translations only when asked, as warnings or errors', () => {
    const d = { id: 'm', fullName: '页', enCode: 'm', formData: { fields: [{ __config__: { jnpfKey: 'input', label: '编码' }, __vModel__: 'code' }] } };
    expect(compileModel(d, { file: 'm' }).problems).toEqual([]);
    const warned = compileModel(d, { file: 'm', translations: 'warn', locale: 'en' }).problems;
    expect(warned.map((p) => [p.path, p.severity, p.code])).toEqual([
      ['fullName', 'warning', 'compile.missingTranslation'],
      ['formData.fields[0].__config__.label', 'warning', 'compile.missingTranslation'],
    ]);
    expect(warned[1]!.message).toBe('text "编码" has no zh-TW, en translation (write it in label_i18n)');
    expect(compileModel(d, { file: 'm', translations: 'error' }).problems.every((p) => p.severity === 'error')).toBe(true);
  });
});

describe('dictionary, report and portal pages in one language', () => {
  const read = (file: string) => JSON.parse(readFileSync(join(ROOT, 'schemas', file), 'utf8')) as unknown;
  it('compile their titles, columns, parameters, options, cards and links in the locale', () => {
    expect(compileDictionaryPage(read('dictionaries/demo-dictionary.json'), { file: 'd', locale: 'en' }).model!.fullName).toBe('Goods categories');
    const report = compileReportPage(read('reports/demo-report.json'), { file: 'r', locale: 'en', strict: true });
    expect(report.problems).toEqual([]);
    expect(report.model!.fullName).toBe('Sales report');
    expect(report.model!.columns.map((c) => c.label)).toEqual(['Month', 'Goods category', 'Orders', 'Sales', 'Month on month']);
    expect(report.model!.params[0]).toMatchObject({ label: 'Goods category', options: [{ label: 'All' }, { label: 'Steel' }, { label: 'Coal' }] });
    expect(report.model!.chart!.title).toBe('Monthly sales');
    const portal = compilePortalPage(read('portals/demo-portal.json'), { file: 'p', locale: 'zh-TW', strict: true }).model!;
    expect(portal.fullName).toBe('營運入口網');
    expect(portal.cards.map((c) => c.title)).toContain('今日訂單');
    expect(portal.cards.find((c) => c.kind === 'shortcut')!.links.map((l) => l.label)).toEqual(['商品檔案', '商品分類', '銷售報表']);
    expect(portal.cards.find((c) => c.field === 'orders')!.unit).toBe('筆');
  });
});

describe('the demo schemas are translated', () => {
  // `npm run schema:check -- --require-translations` in a test: CI fails when a demo text lacks a language
  for (const descriptor of loadDescriptors()) {
    it(descriptor.file, () => {
      expect(checkDescriptor(descriptor, { translations: 'error' }).problems).toEqual([]);
    });
  }
  it('schemas/menu.json', () => {
    expect(checkMenu(undefined, { translations: 'error' })).toEqual([]);
  });
  it('the check sees a missing one', () => {
    const [first] = loadDescriptors().filter((d) => d.kind === 'model');
    const json = structuredClone(first!.json) as { fullName_i18n?: unknown };
    delete json.fullName_i18n;
    expect(checkDescriptor({ ...first!, json }, { translations: 'error' }).problems.map((p) => [p.path, p.severity])).toEqual([['fullName', 'error']]);
  });
});
