import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Directory holding the front end built once for the whole browser suite. */
    staticDir: string;
  }
}

/** Builds the front end once with Vite into a temporary directory and hands it to the tests. */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scp-e2e-build-'));
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  project.provide('staticDir', outDir);
  return () => fs.rmSync(outDir, { recursive: true, force: true });
}
