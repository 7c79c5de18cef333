import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * axe-core (WCAG 2.0 and 2.1, levels A and AA) run inside the page. The source is evaluated
 * through the debugging protocol, so the app's content security policy stays as it is.
 * Violations are reported one line each (rule, impact, first targets and axe's summary of the
 * first node), so a failing assertion says what to fix.
 */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeOptions {
  /** CSS selectors of the parts to check; none (or none present) = the whole document. */
  include?: string[];
  /** Rules turned off, each with the reason it is off (the caller names and justifies every one). */
  disabled?: Record<string, string>;
  /** Impacts that fail; serious and critical unless told. */
  impacts?: string[];
}

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: AxeNode[];
}

/** Violations of the chosen impacts, one line each. */
export async function axeViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  // a dialog fading in has its text at partial opacity: contrast is judged once transitions end
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object');
  if (!injected) await page.evaluate(axeSource);
  const impacts = options.impacts ?? ['serious', 'critical'];
  const violations = await page.evaluate(
    async ({ include, tags, disabled }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
      const present = include.filter((s) => document.querySelector(s));
      const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
      const context = present.length ? { include: present.map((s) => [s]) } : document;
      const result = await axe.run(context, { runOnly: { type: 'tag', values: tags }, rules, resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target, html: (n as { html?: string }).html, failureSummary: n.failureSummary })) }));
    },
    { include: options.include ?? [], tags: WCAG_TAGS, disabled: Object.keys(options.disabled ?? {}) },
  );
  if (process.env.AXE_DUMP) fs.appendFileSync(process.env.AXE_DUMP, JSON.stringify({ url: page.url(), violations }, null, 1) + '\n');
  return violations
    .filter((v) => v.impact !== null && impacts.includes(v.impact))
    .map((v) => {
      const first = v.nodes[0]?.failureSummary?.replace(/\s+/g, ' ').slice(0, 240) ?? '';
      return `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')} — ${first}`;
    });
}

/** The serious and critical violations inside the named parts (the whole document when none is drawn). */
export async function seriousViolations(page: Page, selectors: string[]): Promise<string[]> {
  return axeViolations(page, { include: selectors });
}
