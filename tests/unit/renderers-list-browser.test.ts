import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHarness } from '../../src/renderers/testing/browser';

/**
 * Lists and forms in Chromium over a data provider that counts its calls: option sources
 * (dictionaries, data interfaces) go through one query cache, so every cell, search input and
 * form field naming a source shares one request; a missing source is a quiet note on its field.
 */
describe('option sources in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    ({ browser, page } = await openHarness('list-harness.tsx', 'scpList'));
  }, 60_000);
  afterAll(async () => browser?.close());

  const cellTexts = (prop: string) => page.locator(`td[data-cell="${prop}"]`).allTextContents();
  const calls = () => page.evaluate(() => window.scpList.calls());

  it('a 20-row list with a dictionary column and an interface column asks for each source once', async () => {
    await page.evaluate(() => window.scpList.mountLists(20));
    await expect.poll(() => cellTexts('cat')).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? '煤炭' : '钢材')));
    await expect.poll(() => cellTexts('store')).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? '乙仓' : '甲仓')));
    const seen = await calls();
    expect(seen.listRecords).toBe(1);
    expect(seen.dictionary).toEqual([{ type: 'goods', silent: true }]);
    expect(seen.dataInterface).toEqual([{ id: 'stores', silent: true }]);
  });

  it('three lists on one cache (three tabs) still ask once per source', async () => {
    await page.evaluate(() => window.scpList.mountLists(20, 3));
    await expect.poll(async () => (await cellTexts('cat')).filter((t) => t === '煤炭' || t === '钢材').length).toBe(60);
    const seen = await calls();
    expect(seen.listRecords).toBe(3);
    expect(seen.dictionary).toHaveLength(1);
    expect(seen.dataInterface).toHaveLength(1);
  });

  it('a missing dictionary leaves the cells as stored, with no note in the list', async () => {
    await page.evaluate(() => window.scpList.mountLists(4, 1, ['goods']));
    await expect.poll(() => cellTexts('store')).toEqual(['甲仓', '乙仓', '甲仓', '乙仓']);
    expect(await cellTexts('cat')).toEqual(['steel', 'coal', 'steel', 'coal']);
    expect(await page.locator('[data-option-note]').count()).toBe(0);
  });

  it('a form naming five missing dictionaries: one quiet note on each of those fields, none on the others, each source asked once and silently', async () => {
    const absent = ['x1', 'x2', 'x3', 'x4', 'x5'];
    await page.evaluate((names) => window.scpList.mountForm([...names, 'goods'], names), absent);
    await expect.poll(() => page.locator('[data-option-note]').count()).toBe(5);
    for (const [i, name] of absent.entries()) expect(await page.locator(`[data-field-key="d${i}"] [data-option-note="dictionary"]`).textContent()).toBe(`数据字典“${name}”不存在，暂无选项`);
    expect(await page.locator('[data-field-key="d5"] [data-option-note]').count()).toBe(0);
    expect(await page.locator('[data-field-key="store"] [data-option-note]').count()).toBe(0);
    const seen = await calls();
    expect(seen.dictionary.map((c) => c.type).sort()).toEqual([...absent, 'goods'].sort());
    expect(seen.dictionary.every((c) => c.silent)).toBe(true);
  });

  it('a missing data interface says so on its field', async () => {
    await page.evaluate(() => window.scpList.mountForm(['goods'], ['stores']));
    await expect.poll(() => page.locator('[data-field-key="store"] [data-option-note="dataInterface"]').textContent()).toBe('数据接口“stores”不存在，暂无选项');
    expect(await page.locator('[data-option-note]').count()).toBe(1);
  });
});
