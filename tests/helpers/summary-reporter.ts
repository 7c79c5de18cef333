import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the slowest files (the suite's time budget is spent there: CI logs show where to look),
 * then one plain closing line, "tests: N passed, N failed, N skipped", after Vitest's own
 * summary, so CI logs can be read by tools that know that line.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      const tests = [...module.children.allTests()];
      // A file whose set-up failed has no failed test of its own: count the file.
      if (module.state() === 'failed' && !tests.some((t) => t.result().state === 'failed')) failed += 1;
      for (const test of tests) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const slowest = [...testModules]
      .map((m) => ({ name: `${m.project.name} ${m.moduleId.replace(`${process.cwd()}/`, '')}`, seconds: m.diagnostic().duration / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 15);
    if (slowest.length > 1) process.stdout.write(`\nslowest files:\n${slowest.map((s) => `  ${s.seconds.toFixed(1).padStart(6)} s  ${s.name}`).join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
