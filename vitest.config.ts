import { spawnSync } from 'node:child_process';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Four projects: unit (pure code), the API suite twice (embedded SQLite, then PostgreSQL)
 * and the browser suite. The PostgreSQL run needs a server: TEST_DATABASE_URL, or one
 * answering on 127.0.0.1:5432 (.ci/run makes sure there is one).
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? (postgresAnswers() ? 'postgres://postgres@127.0.0.1:5432/test' : undefined);
if (!postgresUrl) console.warn('[vitest] api-postgres not run: no PostgreSQL on 127.0.0.1:5432 and no TEST_DATABASE_URL');

function postgresAnswers(): boolean {
  const probe = `require('net').connect(5432,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
}

// tests/security: the access matrix, fuzzing of every POST and PUT route, kill -9 durability (issue 9 item 9).
const apiTests = ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'];
// Vitest runs one file at a time on two cores (its default is the cores less one). API and browser
// files share nothing (each starts its own server on its own fresh database, schema or browser)
// and spend much of their time waiting on sockets, so two run at once. Vitest runs projects of
// different worker counts as separate groups: the unit files first, then the rest together.
const SIDE_BY_SIDE = 2;
const sideBySide = { maxWorkers: SIDE_BY_SIDE, sequence: { groupOrder: 1 } };

export default defineConfig({
  plugins: [react()],
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'], environment: 'node', sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'api-sqlite', include: apiTests, ...sideBySide, testTimeout: 30_000, hookTimeout: 60_000, env: { TEST_DB: 'sqlite' } },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: apiTests,
                ...sideBySide,
                testTimeout: 30_000,
                hookTimeout: 60_000,
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // each file starts its own server on its own fresh database and its own browser: files
          // share nothing but the build, so two run at once
          fileParallelism: true,
          ...sideBySide,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll waits for a condition the page reaches after server round trips; its
          // default one second is a timed assertion on a busy machine. Bound it like the page's waits.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
