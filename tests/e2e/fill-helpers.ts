import type { Locator, Page } from 'playwright-core';
import type { CompiledField } from '../../src/runtime/model/compiled';
import { form, formItem } from './model-helpers';

/**
 * Fills one field of a generated form through its real widget, by kind: what a person does
 * with a mouse and a keyboard (no value set behind the widget's back). Used by the corpus fill
 * test (tests/e2e/corpus-fill.test.ts); each filler waits until the widget shows its value.
 */
export type Filler = (page: Page, item: Locator, field: CompiledField) => Promise<void>;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * The first option not already chosen in an open combobox dropdown (Select, TreeSelect), so the
 * stored value differs from the form's default; option texts come from the test's own data.
 */
async function firstOption(page: Page, opener: Locator): Promise<void> {
  await opener.click();
  const option = page.locator('[role="listbox"] [role="option"]:visible:not([aria-selected="true"]), [role="tree"] [role="treeitem"]:visible:not([aria-selected="true"])').first();
  await option.click();
}

/** The first radio or checkbox of a group that is not checked yet (a default may have checked one). */
const firstUnchecked = (item: Locator, root: string) => item.locator(`${root} input:not(:checked)`).first().check();

async function picker(page: Page, item: Locator, title: string, choose: (dialog: Locator) => Promise<void>): Promise<void> {
  await item.locator('[data-picker-field]').click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await choose(dialog);
  await dialog.locator('[data-picker-confirm]').click();
  await dialog.waitFor({ state: 'hidden' });
  await item.locator('.mantine-Pill-root').first().waitFor();
}

/** Picks one user in the user picker of `item`: searched by `keyword`, chosen by its button's name. */
export const pickUser = (page: Page, item: Locator, keyword: string, name: string | RegExp) => picker(page, item, '选择用户', (d) => byKeyword(d, keyword, name));

async function byKeyword(dialog: Locator, keyword: string, name: string | RegExp): Promise<void> {
  const box = dialog.getByRole('textbox', { name: '请输入关键词查询' });
  await box.fill(keyword);
  await box.press('Enter');
  await dialog.getByRole('button', { name, exact: typeof name === 'string' }).first().click();
}

async function pickDate(page: Page, item: Locator, field: CompiledField): Promise<void> {
  await item.locator('button').first().click();
  const dropdown = page.locator('.mantine-Popover-dropdown:visible').last();
  await dropdown.locator('button', { hasText: /^15$/ }).first().click();
  // a date-time picker keeps its dropdown open until its own confirm button
  if (/[Hh]/.test(String(field.props.format ?? ''))) await dropdown.locator('[class*="submitButton"]').click();
  await item.locator('button', { hasText: /\d{4}-\d{2}-15/ }).first().waitFor();
}

/** Values tried, in order, against a field's own rules (a mobile number, a code, a mail address …). */
const CANDIDATES = ['13800138000', 'A1', '12', 'corpus@example.com', 'https://example.com'];

/** Text for a field: its key, or the first candidate every rule of the field accepts. */
export function textFor(field: CompiledField): string {
  const fits = (text: string) => field.rules.every((r) => new RegExp(r.pattern, r.flags).test(text));
  const own = `填写-${field.key}`;
  if (fits(own)) return own;
  const found = CANDIDATES.find(fits);
  if (!found) throw new Error(`no text fits the rules of ${field.key}: ${JSON.stringify(field.rules)}`);
  return found;
}

async function typeText(_page: Page, item: Locator, field: CompiledField): Promise<void> {
  await item.locator('input, textarea').first().fill(textFor(field));
}

export const FILLERS: Partial<Record<string, Filler>> = {
  input: typeText,
  textarea: async (_page, item, field) => item.locator('textarea').first().fill(textFor(field)),
  inputNumber: async (_page, item) => {
    const input = item.locator('input').first();
    await input.fill('12');
    await input.blur();
  },
  datePicker: pickDate,
  timePicker: async (_page, item) => {
    const parts = item.locator('input:not([type="hidden"])');
    const values = ['09', '30', '15'];
    for (let i = 0; i < Math.min(await parts.count(), 3); i++) await parts.nth(i).fill(values[i]!);
  },
  select: async (page, item) => firstOption(page, item.locator('input').first()),
  treeSelect: async (page, item) => firstOption(page, item.locator('input').first()),
  dicSelect: async (page, item) => firstOption(page, item.locator('input').first()),
  radio: async (_page, item) => firstUnchecked(item, '.mantine-Radio-root'),
  checkbox: async (_page, item) => firstUnchecked(item, '.mantine-Checkbox-root'),
  switch: async (_page, item) => item.locator('.mantine-Switch-root input').check(),
  slider: async (page, item) => {
    await item.getByRole('slider').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  },
  rate: async (_page, item) => item.locator('.mantine-Rating-root label').nth(2).click(),
  colorPicker: async (page, item) => {
    const input = item.locator('input').first();
    await input.fill('rgb(255, 0, 0)');
    // Tab, not Escape: Escape would also ask to close the form
    await input.press('Tab');
  },
  editor: async (page, item, field) => {
    await item.locator('.scp-editor-area').click();
    await page.keyboard.type(`富文本-${field.key}`);
  },
  uploadFile: async (_page, item) => {
    await item.locator('input[type="file"]').setInputFiles({ name: '附件.txt', mimeType: 'text/plain', buffer: Buffer.from('语料附件') });
    await item.locator('[data-file-name="附件.txt"]').waitFor();
  },
  uploadImg: async (_page, item) => {
    await item.locator('input[type="file"]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
    await item.locator('[data-thumbnail="dot.png"] img').waitFor();
  },
  userSelect: (page, item) => pickUser(page, item, 'staff', /^张运营\/staff/),
  depSelect: (page, item) => picker(page, item, '选择部门', (d) => d.getByRole('button', { name: '运营部', exact: true }).click()),
  posSelect: (page, item) => picker(page, item, '选择岗位', (d) => byKeyword(d, '运营专员', /运营专员/)),
  organizeSelect: (page, item) => picker(page, item, '选择组织', (d) => d.getByRole('button', { name: '供应链管理有限公司', exact: true }).click()),
  areaSelect: (page, item) => picker(page, item, '省市区', (d) => byKeyword(d, '西城', '西城区')),
  relationForm: async (page, item) => {
    await item.locator('input[data-popup-input]').click();
    const dialog = page.getByRole('dialog', { name: '选择数据' });
    await dialog.locator('[data-popup-row]').first().click();
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForFunction((el) => !!(el as HTMLInputElement).value, await item.locator('input[data-popup-input]').elementHandle());
  },
  table: async (page, item, field) => {
    await item.locator('[data-action="add-row"]').click();
    for (const column of field.columns ?? []) {
      if (!column.stores || column.disabled || column.readonly) continue;
      const cell = form(page).locator(`[data-cell="${field.key}.0.${column.key}"]`);
      const fill = CELL_FILLERS[column.kind];
      if (!fill) throw new Error(`no cell filler for ${field.key}.${column.key} (${column.kind})`);
      await fill(page, cell, column);
    }
  },
};

/** Cells of an inline sub-table: the same widgets, fewer kinds in the corpus. */
const CELL_FILLERS: Partial<Record<string, Filler>> = {
  input: typeText,
  inputNumber: FILLERS.inputNumber!,
  select: FILLERS.select!,
};

/** Fills `field` of the open add form; returns false when no filler knows its kind. */
export async function fillField(page: Page, field: CompiledField): Promise<boolean> {
  const fill = FILLERS[field.kind];
  if (!fill) return false;
  const item = formItem(page, field.key);
  await item.scrollIntoViewIfNeeded();
  await fill(page, item, field);
  return true;
}

/** Empty as a stored value: nothing, '', an empty list, or a sub-table row with an empty cell. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}
