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

/** Bundles a harness page (harness.tsx: forms; list-harness.tsx: lists and option sources) into harness.js/css. */
export async function buildHarness(entry = 'harness.tsx'): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'scp-harness-'));
  await build({
    entryPoints: { harness: join(import.meta.dirname, entry) },
    bundle: true,
    outdir: dir,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'css' },
    logLevel: 'error',
  });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="harness.css"></head><body><script src="harness.js"></script></body></html>');
  return dir;
}

export async function openHarness(entry = 'harness.tsx', ready: string = 'scp'): Promise<{ browser: Browser; page: Page }> {
  const dir = await buildHarness(entry);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => console.error('[harness]', e.message));
  await page.goto(`file://${join(dir, 'index.html')}`);
  await page.waitForFunction((name) => !!(window as unknown as Record<string, unknown>)[name], ready);
  return { browser, page };
}
