import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { ALL_KINDS, canonicalKind, type FormatContext, isContainerKind, kindOf, type RefNames } from '../../src/runtime/kinds';
import type { CompiledField, OptionItem } from '../../src/runtime/model/compiled';
import { fieldRegistry } from '../../src/renderers/registry';
import { makeField } from '../../src/renderers/testing/fixtures';
import { kindsTable, SCHEMAS_DOC, withKindsTable } from '../../scripts/kinds-doc';

const CORPUS = process.env.CORPUS_DIR ?? resolve(import.meta.dirname, '../../../shared/corpus');

/** The component keys of a designer key file (`- key | label | …` lines). */
function designerKeys(file: string): string[] {
  return readFileSync(resolve(CORPUS, file), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2).split('|')[0]!.trim());
}

/** How a designer key resolves: a container, a kind with its renderer, or unknown. */
function resolution(key: string): 'container' | 'built' | 'unknown' {
  if (isContainerKind(key)) return 'container';
  const kind = canonicalKind(key);
  if (!kind) return 'unknown';
  return fieldRegistry[kind] ? 'built' : 'unknown';
}

describe('every component key of the product designer resolves', () => {
  for (const file of ['jnpf-keys-v3.txt', 'jnpf-keys-v5.txt'] as const) {
    it(`${file}: every key is a container or a kind with its renderer (no stand-ins are left)`, () => {
      const keys = designerKeys(file);
      expect(keys.length).toBeGreaterThan(50);
      expect(keys.filter((k) => resolution(k) === 'unknown')).toEqual([]);
    });
  }

  it('the version-3.1 dictionary selector of the real exports is a kind (its value is kept on save)', () => {
    expect(canonicalKind('dicSelect')).toBe('dicSelect');
    expect(kindOf('dicSelect').stores).toBe(true);
  });
});

describe('the kinds table of docs/SCHEMAS.md', () => {
  it('is generated from the definitions (npm run docs:kinds)', () => {
    const doc = readFileSync(SCHEMAS_DOC, 'utf8');
    expect(withKindsTable(doc)).toBe(doc);
    expect(kindsTable().split('\n')).toHaveLength(ALL_KINDS.length + 2);
  });
});

describe('every kind', () => {
  const ajv = new Ajv({ strict: false });
  for (const kind of ALL_KINDS) {
    it(`${kind}: its default is a valid value and formatting never throws`, () => {
      const field = makeField(kind, 'f');
      const def = kindOf(kind);
      const schema = def.value(field.props);
      expect(schema === null).toBe(!def.stores);
      if (schema && def.group !== 'system') expect(ajv.validate(schema, def.defaultValue(field.props)), JSON.stringify(ajv.errors)).toBe(true);
      for (const value of [null, undefined, '', 0, 'x', [1, 2], { name: 'n' }]) expect(typeof def.format(value, field, context())).toBe('string');
      if (def.refs) expect(def.stores).toBe(true);
      if (def.fill) expect(def.group).toBe('system');
    });
  }
});

function context(options: OptionItem[] = [], refs: RefNames = {}, locale: FormatContext['locale'] = 'zh-CN'): FormatContext {
  return { locale, options: () => options, refName: (ref, id) => refs[ref]?.[id] };
}
const format = (field: CompiledField, value: unknown, ctx = context()) => kindOf(field.kind).format(value, field, ctx);

describe('the one formatter of each kind', () => {
  it('switch: the stored active value reads as its active text wherever it is shown', () => {
    const onSale = makeField('switch', 'onSale', { props: { activeValue: 1, inactiveValue: 0, activeTxt: '上架', inactiveTxt: '下架' } });
    expect(format(onSale, 1)).toBe('上架');
    expect(format(onSale, 0)).toBe('下架');
    expect(format(onSale, true)).toBe('上架');
    const plain = makeField('switch', 'enabled', { props: { activeValue: 1, inactiveValue: 0 } });
    expect(format(plain, 1)).toBe('开');
    expect(format(plain, 1, context([], {}, 'en'))).toBe('On');
    expect(format(plain, null)).toBe('');
    expect(kindOf('switch').choices(onSale, 'en')).toEqual([{ label: '上架', value: 1 }, { label: '下架', value: 0 }]);
  });

  it('options: labels from the context (static, dictionary or interface), paths joined, unknown values as stored', () => {
    const options: OptionItem[] = [{ label: '钢材', value: 'steel', children: [{ label: '螺纹钢', value: 'steel.rebar' }] }, { label: '煤炭', value: 'coal' }];
    expect(format(makeField('select', 'c'), 'coal', context(options))).toBe('煤炭');
    expect(format(makeField('select', 'c', { props: { multiple: true } }), ['coal', 'steel.rebar'], context(options))).toBe('煤炭, 螺纹钢');
    expect(format(makeField('cascader', 'c'), ['steel', 'steel.rebar'], context(options))).toBe('钢材/螺纹钢');
    expect(format(makeField('radio', 'c'), 'gone', context(options))).toBe('gone');
  });

  it('references: names of users, organisations and area paths', () => {
    const refs: RefNames = { user: { u1: '管理员/admin' }, organize: { c1: '总公司', d1: '业务部' } };
    expect(format(makeField('createUser', 'c'), 'u1', context([], refs))).toBe('管理员/admin');
    expect(format(makeField('userSelect', 'u', { props: { multiple: true } }), ['u1', 'u2'], context([], refs))).toBe('管理员/admin, u2');
    expect(format(makeField('organizeSelect', 'o'), ['c1', 'd1'], context([], refs))).toBe('总公司/业务部');
    expect(format(makeField('organizeSelect', 'o', { props: { multiple: true } }), [['c1', 'd1'], ['c1']], context([], refs))).toBe('总公司/业务部, 总公司');
  });

  it('numbers, dates, rates, rich text and sub-tables', () => {
    expect(format(makeField('inputNumber', 'n', { props: { precision: 2, thousands: true } }), 1234567.891)).toBe('1,234,567.89');
    expect(kindOf('inputNumber').exportValue(1234.567, makeField('inputNumber', 'n', { props: { precision: 2 } }), context())).toBe(1234.57);
    const stamp = new Date(2026, 10, 23, 9, 5, 7).getTime();
    expect(format(makeField('datePicker', 'd', { props: { format: 'yyyy-MM-dd' } }), stamp)).toBe('2026-11-23');
    expect(format(makeField('createTime', 't'), stamp)).toBe('2026-11-23 09:05:07');
    expect(format(makeField('rate', 'r', { props: { count: 5 } }), 3.5)).toBe('3.5 / 5');
    expect(format(makeField('rate', 'r', { props: { count: 5 } }), 0)).toBe('');
    expect(format(makeField('editor', 'e'), '<p>hello <b>world</b></p><script>alert(1)</script>')).toBe('hello world');
    expect(format(makeField('table', 't'), [{ a: 1 }, { a: 2 }], context([], {}, 'en'))).toBe('2 rows');
    expect(format(makeField('calculate', 'x'), 2)).toBe('2.00');
  });
});

describe('what the server fills', () => {
  const c = { userId: 'u1', now: 1700, companyId: 'c1', departmentId: 'd1', positionId: 'p1' };
  it('creator, company, department and position at creation, kept on update; modifier and time on update', () => {
    expect(kindOf('createUser').fill!.create(c)).toBe('u1');
    expect(kindOf('createUser').fill!.update({ ...c, userId: 'u2' }, 'u1')).toBe('u1');
    expect(kindOf('createTime').fill!.create(c)).toBe(1700);
    expect(kindOf('currOrganize').fill!.create(c)).toBe('c1');
    expect(kindOf('currDept').fill!.create(c)).toBe('d1');
    expect(kindOf('currPosition').fill!.create(c)).toBe('p1');
    expect(kindOf('modifyUser').fill!.create(c)).toBeNull();
    expect(kindOf('modifyUser').fill!.update({ ...c, userId: 'u2' }, null)).toBe('u2');
    expect(kindOf('modifyTime').fill!.update({ ...c, now: 1800 }, 1700)).toBe(1800);
    expect(ALL_KINDS.filter((k) => kindOf(k).fill)).toEqual(ALL_KINDS.filter((k) => kindOf(k).group === 'system'));
  });
});
