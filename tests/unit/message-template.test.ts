import { describe, expect, it } from 'vitest';
import { missingPlaceholders, renderMessage, renderTemplate, templatePlaceholders } from '../../src/runtime/message-template';

describe('renderTemplate', () => {
  it('fills each {name} from the parameters, every occurrence', () => {
    expect(renderTemplate('您有一条待办「{title}」，发起人 {user}；请处理「{title}」', { title: '采购申请', user: '张三' })).toBe('您有一条待办「采购申请」，发起人 张三；请处理「采购申请」');
  });

  it('writes numbers and booleans as text; 0 and empty strings are values', () => {
    expect(renderTemplate('{n} 件 / {ok} / [{empty}] / {zero}', { n: 12.5, ok: true, empty: '', zero: 0 })).toBe('12.5 件 / true / [] / 0');
  });

  it('leaves a placeholder without a value visible: missing, null, undefined, objects, functions, NaN', () => {
    const params = { a: null, b: undefined, c: { x: 1 }, d: () => 'run', e: Number.NaN };
    expect(renderTemplate('{a}{b}{c}{d}{e}{f}', params)).toBe('{a}{b}{c}{d}{e}{f}');
  });

  it('never reads inherited properties', () => {
    expect(renderTemplate('{constructor} {toString} {__proto__}', {})).toBe('{constructor} {toString} {__proto__}');
  });

  it('substitutes once: a value holding a placeholder is not expanded again, and nothing is evaluated', () => {
    expect(renderTemplate('{a} {b}', { a: '{b}', b: '${process.exit()}' })).toBe('{b} ${process.exit()}');
    expect(renderTemplate('{1+1} { title } {a-b} {}', { title: 'x' })).toBe('{1+1} { title } {a-b} {}');
  });

  it('dotted names are plain keys', () => {
    expect(renderTemplate('单号 {order.no}', { 'order.no': 'SO-1' })).toBe('单号 SO-1');
    expect(renderTemplate('单号 {order.no}', { order: { no: 'SO-1' } })).toBe('单号 {order.no}');
  });

  it('renders a title and a body together', () => {
    expect(renderMessage({ title: '[{type}] {title}', content: '{user}：{title}' }, { type: '流程', title: '请假', user: '李四' })).toEqual({ title: '[流程] 请假', content: '李四：请假' });
  });
});

describe('placeholders', () => {
  it('lists the names in order of first use, once each', () => {
    expect(templatePlaceholders('{b} {a} {b} {c.d} {1x}')).toEqual(['b', 'a', 'c.d']);
  });

  it('says which ones the parameters leave unfilled', () => {
    expect(missingPlaceholders('{title} {user} {n}', { title: 't', n: 0, user: null })).toEqual(['user']);
    expect(missingPlaceholders('no placeholders', {})).toEqual([]);
  });
});
