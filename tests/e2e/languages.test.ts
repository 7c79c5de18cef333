import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { zhCN, zhTW } from '../../src/runtime/i18n/catalogue';
import { DEMO_DICTIONARIES } from '../../server/modules/dictionary/seed';
import { startE2E, type E2E } from './browser';
import { api, form, noReactErrors, sessionPage, waitRows } from './model-helpers';

/**
 * The demo pages read entirely in the UI's language: in English and in 繁體中文 the menu and
 * the goods page (list headers, search fields, buttons, form labels, placeholders, tabs, options
 * of static lists and of the goods-category dictionary) show no simplified-Chinese text.
 * Record values are data, not labels: the list's cells are not read.
 */

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const ROOT = path.resolve(import.meta.dirname, '../..');
const HAN = /[\u3400-\u9fff]/u;

/** Strings of a JSON tree: the authors' own texts, and the zh-TW translations beside them. */
function textsOf(value: unknown, own: string[], tw: string[]): void {
  if (Array.isArray(value)) return value.forEach((v) => textsOf(v, own, tw));
  if (!value || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    if (key.endsWith('_i18n') || key === 'fullName_i18n') {
      const t = (v as Record<string, string>)['zh-TW'];
      if (t) tw.push(t);
    } else if (typeof v === 'string') own.push(v);
    else textsOf(v, own, tw);
  }
}

/**
 * Characters that mark simplified Chinese here: those of the zh-CN texts (the catalogue, the
 * demo schemas, the demo dictionaries) that no zh-TW text uses. A zh-CN label left untranslated
 * on a zh-TW page shows one of them (labels the same in both scripts are the same anyway).
 */
function simplifiedOnly(): Set<string> {
  const own = Object.values(zhCN) as string[];
  const tw = Object.values(zhTW) as string[];
  for (const file of ['schemas/menu.json', 'schemas/models/demo-model.json', 'schemas/dictionaries/demo-dictionary.json']) textsOf(JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')), own, tw);
  textsOf(DEMO_DICTIONARIES, own, tw);
  const traditional = new Set([...tw.join('')]);
  return new Set([...own.join('')].filter((c) => HAN.test(c) && !traditional.has(c)));
}
const SIMPLIFIED = simplifiedOnly();

/** Texts of the elements a selector finds, visible or not (hidden tab panes too), with their placeholders. */
async function textsIn(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((nodes) =>
    nodes.flatMap((n) => [
      ...(n.matches('input, textarea') ? [] : [(n.textContent ?? '').trim()]),
      ...[...n.querySelectorAll('input, textarea'), ...(n.matches('input, textarea') ? [n] : [])].map((i) => i.getAttribute('placeholder') ?? ''),
    ]).filter(Boolean),
  );
}

/** The options a select offers once opened (Mantine renders them in a portal). */
async function optionsOf(page: Page, input: ReturnType<Page['locator']>): Promise<string[]> {
  await input.click();
  await page.getByRole('option').first().waitFor();
  const options = await page.getByRole('option').allTextContents();
  await page.keyboard.press('Escape');
  await page.getByRole('option').first().waitFor({ state: 'hidden' });
  return options;
}

/** Every title of the top menu: each directory's dropdown and the groups inside it. */
async function menuTexts(page: Page): Promise<string[]> {
  const out = await page.getByTestId('top-menu').locator('[data-testid^="menu-"]').allTextContents();
  for (const directory of ['business', 'operations', 'systemManage']) {
    await page.getByTestId(`menu-${directory}`).click();
    const dropdown = page.getByTestId(`menu-dropdown-${directory}`);
    await dropdown.waitFor();
    out.push(...(await dropdown.locator('[data-testid^="menu-"]').allTextContents()));
    for (const group of await dropdown.locator('[data-testid^="menu-"][aria-haspopup]').all()) {
      await group.hover();
      const id = await group.getAttribute('aria-controls');
      const sub = page.locator(`[id="${id}"]`);
      await sub.waitFor();
      out.push(...(await sub.locator('[data-testid^="menu-"]').allTextContents()));
    }
    await page.keyboard.press('Escape');
    await dropdown.waitFor({ state: 'hidden' });
  }
  return out;
}

const CASES = [
  { locale: 'en', wrong: (text: string) => HAN.test(text), goodsTitle: 'Goods', codeHeader: 'Goods code', steel: 'Steel', piece: 'Piece' },
  { locale: 'zh-TW', wrong: (text: string) => [...text].some((c) => SIMPLIFIED.has(c)), goodsTitle: '商品檔案', codeHeader: '商品編號', steel: '鋼材', piece: '件' },
] as const;

describe('the demo pages in English and in 繁體中文', () => {
  it('the check knows simplified characters of the demo texts', () => {
    for (const c of '编码类单储务订设') expect(SIMPLIFIED.has(c), c).toBe(true);
    for (const c of '商品日期') expect(SIMPLIFIED.has(c), c).toBe(false);
  });

  for (const c of CASES) {
    it(`${c.locale}: the menu and the goods page (list, search, buttons, form, options)`, async () => {
      const { context, page, token, errors } = await sessionPage(e2e, 'admin');
      const made = await api(e2e, token).post('/api/visualdev/OnlineDev/demo-model', { data: { goodsCode: `LANG.${c.locale.length}`, goodsName: 'Sample', category: 'coal', unit: 'box', price: 12 } });
      expect(made.body.code, made.body.msg).toBe(200);
      await page.getByTestId('language-picker').click();
      await page.getByTestId(`language-${c.locale}`).click();
      await page.getByTestId('menu-operations').waitFor();

      const seen: { where: string; text: string }[] = [];
      const add = (where: string, texts: string[]) => seen.push(...texts.map((text) => ({ where, text })));
      const menu = await menuTexts(page);
      expect(menu).toContain(c.goodsTitle);
      add('menu', menu);

      await page.getByTestId('menu-operations').click();
      await page.getByTestId('menu-goods').click();
      await page.locator('.scp-model-page[data-model-id="demo-model"]').waitFor();
      await waitRows(page, 1);
      await expect.poll(() => page.locator('th[data-column="goodsCode"]').textContent()).toContain(c.codeHeader);
      add('tab and title', await textsIn(page, '[data-testid="tags-view"], [data-testid="page-title"]'));
      add('list headers', await textsIn(page, 'table.scp-model-list thead'));
      add('search bar', await textsIn(page, '.scp-search-bar'));
      add('toolbar and row buttons', await textsIn(page, '[data-button]'));
      add('pager', await textsIn(page, '.scp-pager'));
      const categories = await optionsOf(page, page.locator('[data-search-field="category"] input').first());
      expect(categories).toContain(c.steel);
      add('category search options', categories);

      await page.locator('[data-button="btn_add"]').click();
      await form(page).waitFor();
      const popup = page.locator('.mantine-Drawer-content, .mantine-Modal-content').last();
      add('form', await textsIn(page, '.scp-model-form'));
      add('form popup', await textsIn(page, '.mantine-Drawer-content header, .mantine-Drawer-content [data-action]'));
      const units = await optionsOf(page, form(page).locator('[data-field-key="unit"] input').first());
      expect(units).toContain(c.piece);
      add('unit options', units);
      add('form category options', await optionsOf(page, form(page).locator('[data-field-key="category"] input').first()));
      await popup.locator('[data-action="form-cancel"]').click();

      const wrong = seen.filter((s) => c.wrong(s.text));
      expect(wrong, `${c.locale}: texts not in the language`).toEqual([]);
      expect(seen.length).toBeGreaterThan(60);
      noReactErrors(errors);
      await context.close();
    });
  }
});
