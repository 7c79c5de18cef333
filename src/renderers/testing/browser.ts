/**
 * Node-side helpers to run the harness in headless Chromium (tests and bench). Bundles
 * harness.tsx with esbuild into a temporary folder and opens it with playwright-core.
 */
import { build } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const ROOT = join(import.meta.dirname, '../../..');

/**
 * Bundles a harness page into harness.js/css: harness.tsx (forms), list-harness.tsx (lists and
 * option sources), or another version's harness (the form bench builds the base branch's from
 * an extracted copy, resolving packages from this checkout). HARNESS_MINIFY=0 keeps names
 * readable for CPU profiles.
 */
export async function buildHarness(entry = join(import.meta.dirname, 'harness.tsx')): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'scp-harness-'));
  await build({
    entryPoints: { harness: entry },
    nodePaths: [join(ROOT, 'node_modules')],
    bundle: true,
    outdir: dir,
    format: 'iife',
    jsx: 'automatic',
    minify: process.env.HARNESS_MINIFY !== '0',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'css' },
    logLevel: 'error',
  });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="harness.css"></head><body><script src="harness.js"></script></body></html>');
  return dir;
}

/** A browser showing one of this checkout's harness pages, once its global (`ready`) is there. */
export async function openHarness(entry = 'harness.tsx', ready = 'scp'): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  return { browser, page: await openHarnessPage(browser, await buildHarness(join(import.meta.dirname, entry)), ready) };
}

/** A page of the browser showing a built harness (see buildHarness). */
export async function openHarnessPage(browser: Browser, dir: string, ready = 'scp'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error('[harness]', e.message));
  await page.goto(`file://${join(dir, 'index.html')}`);
  await page.waitForFunction((name) => !!(window as unknown as Record<string, unknown>)[name], ready);
  return page;
}
