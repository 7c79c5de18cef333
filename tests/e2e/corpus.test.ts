import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileModel } from '../../src/runtime/compile';
import { isFieldKind, kindOf } from '../../src/runtime/kinds';
import { startE2E, type E2E } from './browser';
import { CORPUS, corpusForms as forms, releaseCorpusModel } from './corpus-helpers';
import { api, form, noReactErrors, sessionPage, type Session } from './model-helpers';

/**
 * Every real definition of ../shared/corpus (forms/*.json, with columns/<same name>.columns.json
 * when there is one) becomes a visual-development model through the Base API, is released and
 * opened in the browser (/previewModel): the page renders without an error, and every visible
 * storing field has its label in the add form. The directory is read at test time.
 */

let e2e: E2E;
let admin: Session;
beforeAll(async () => {
  e2e = await startE2E();
  admin = await sessionPage(e2e, 'admin');
});
afterAll(async () => {
  await admin?.context.close();
  await e2e?.close();
});

describe(`corpus (${CORPUS})`, () => {
  it('has definitions to open', () => {
    expect(forms.length).toBeGreaterThan(0);
  });

  it.each(forms.map((f, i) => [f, i] as const))('%s: created, released, opened, every visible storing field labelled in the add form', async (file, i) => {
    const c = api(e2e, admin.token);
    const id = await releaseCorpusModel(e2e, admin.token, file, `语料${i + 1}`, `corpus${i + 1}`);
    // the page compiles the definition the Config call sends; so does the test
    const config = await c.get<{ formData: string; columnData: string | null }>(`/api/visualdev/OnlineDev/${id}/Config`);
    expect(config.body.code).toBe(200);
    const model = compileModel({ id, fullName: 'x', enCode: 'x', formData: config.body.data!.formData, columnData: config.body.data!.columnData ?? undefined }, { file: file }).model!;
    const expected = Object.values(model.form.fields).filter((f) => f.stores && f.visiblePc && !f.noShow);
    expect(expected.length).toBeGreaterThan(0);

    const { page, errors } = admin;
    errors.length = 0;
    await page.goto(`/previewModel?id=${id}`);
    await page.locator(`.scp-model-page[data-model-id="${id}"]`).waitFor();
    await page.locator('table.scp-model-list').waitFor();
    await page.locator('[data-button="btn_add"]').click();
    await form(page).waitFor();
    // every field is mounted (fields past the first screen mount in idle time) before the form is read
    await page.waitForFunction(() => !document.querySelector('.scp-form-item-pending'));

    // option sources the test database lacks (the exports name their own dictionaries): a quiet note on each such field, no red message
    const remote = expected.filter((f) => f.options && f.options.from !== 'static' && isFieldKind(f.kind) && kindOf(f.kind).options);
    for (const field of remote) await form(page).locator(`[data-field-key="${field.key}"] [data-option-note]`).waitFor({ state: 'attached' });
    expect(await form(page).locator('[data-option-note]').count()).toBe(remote.length);
    expect(await page.locator('.mantine-Notification-root').count(), 'no message of the shell while the form opens').toBe(0);

    const missing: string[] = [];
    for (const field of expected) {
      const item = form(page).locator(`[data-field-key="${field.key}"]`);
      if ((await item.count()) === 0) {
        missing.push(`${field.key} (${field.label}): not in the form`);
        continue;
      }
      if (field.showLabel && field.label) {
        const text = (await item.first().locator('.scp-form-label').textContent().catch(() => null)) ?? '';
        if (!text.includes(field.label)) missing.push(`${field.key}: label '${field.label}' not shown (got '${text}')`);
      }
    }
    expect(missing).toEqual([]);
    // submitting the form as it opened: required messages where the definition asks, else a saved record; never a crash
    await page.locator('[data-action="form-submit"]').click();
    // the form either closes (saved) or shows why it did not save
    await page.waitForFunction(() => !document.querySelector('[data-action="form-cancel"]') || !!document.querySelector('.scp-field-error'));
    const stillOpen = await page.locator('[data-action="form-cancel"]').isVisible();
    if (stillOpen) expect(await form(page).locator('.scp-field-error').count(), 'an unsaved form says why').toBeGreaterThan(0);
    // unknown kinds render their named placeholder, never a crash
    for (const el of await page.locator('[data-unknown-kind]').all()) expect(await el.getAttribute('data-unknown-kind')).toBeTruthy();
    expect(await page.getByText('Has Error').count()).toBe(0);
    expect(await page.locator('[data-testid="error-boundary"]').count()).toBe(0);
    noReactErrors(errors);
    if (stillOpen) await page.locator('[data-action="form-cancel"]').click();
  });
});
