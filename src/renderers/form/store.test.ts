import { describe, expect, it } from 'vitest';
import { createFormStore, sameValue } from './store';

/** The discard question (issue 19 item 4) asks only when a value really differs from the one the form opened with. */
describe('form store: isDirty', () => {
  it('is clean when opened, dirty after a change, clean again when the value goes back', () => {
    const store = createFormStore({ name: '原名称', price: 10, tags: ['a'] });
    expect(store.isDirty()).toBe(false);
    store.setValue('name', '原名称改');
    expect(store.isDirty()).toBe(true);
    store.setValue('name', '原名称');
    expect(store.isDirty()).toBe(false);
    store.setValue('tags', ['a', 'b']);
    expect(store.isDirty()).toBe(true);
    store.setValue('tags', ['a']);
    expect(store.isDirty()).toBe(false);
  });

  it('treats a field typed in and cleared again as unchanged, whatever empty it holds', () => {
    const store = createFormStore({ code: undefined, mobile: null });
    store.setValue('code', 'x');
    expect(store.isDirty()).toBe(true);
    store.setValue('code', '');
    store.setValue('mobile', []);
    store.setValue('other', null);
    expect(store.isDirty()).toBe(false);
  });

  it('reads values handed out before as they were (copy on write) and compares against the opening values', () => {
    const store = createFormStore({ a: 1 });
    const before = store.getValues();
    store.setValue('a', 2);
    expect(before.a).toBe(1);
    expect(store.isDirty()).toBe(true);
  });

  it('starts clean again after a reset, against the new values', () => {
    const store = createFormStore({ a: 1 });
    store.setValue('a', 2);
    store.reset({ a: 2 });
    expect(store.isDirty()).toBe(false);
    store.setValue('a', 1);
    expect(store.isDirty()).toBe(true);
  });

  it('compares nested values deeply', () => {
    expect(sameValue({ x: [1, { y: 'z' }] }, { x: [1, { y: 'z' }] })).toBe(true);
    expect(sameValue({ x: [1, { y: 'z' }] }, { x: [1, { y: 'w' }] })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(0, '')).toBe(false);
    expect(sameValue(0, null)).toBe(false);
  });
});
