import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * axe-core (WCAG 2 A and AA rules) run inside the page on the parts a test names. The source
 * is evaluated through the debugging protocol, so the app's content security policy stays as
 * it is. Returns the serious and critical violations, one line each (rule, impact, first target).
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function seriousViolations(page: Page, selectors: string[]): Promise<string[]> {
  // a dialog fading in has its text at partial opacity: contrast is judged once transitions end
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }> } }).axe;
    const present = include.filter((s) => document.querySelector(s));
    const result = await axe.run({ include: present.map((s) => [s]) }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  }, selectors);
}
