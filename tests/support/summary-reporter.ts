// Vitest reporter that ends the run with the plain `N passed, N failed` line CI tools read, after the
// slowest files (CI runs near its time limit: this says where the minutes go).
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const m of testModules) {
      for (const t of m.children.allTests()) {
        const s = t.result().state;
        if (s === 'passed') passed++;
        else if (s === 'failed') failed++;
        else skipped++;
      }
    }
    // A file can fail outside its tests (a hook that timed out, an import that threw: its tests count as
    // skipped), and an error can escape every test: each is a failure too, or the line says 0 failed
    // for a red run (it did, for three hook timeouts under load).
    const outside =
      testModules.filter((m) => m.state() === 'failed' && ![...m.children.allTests()].some((t) => t.result().state === 'failed')).length +
      unhandledErrors.length;
    failed += outside;
    // Named at the end, because CI keeps only the tail of a long run's output.
    const failures = testModules.flatMap((m) => {
      const file = m.moduleId.replace(`${process.cwd()}/`, '');
      const tests = [...m.children.allTests()].filter((t) => t.result().state === 'failed');
      if (!tests.length && m.state() === 'failed') return [`  ${file}: ${firstLine(m.errors()[0]?.message)}`];
      return tests.map((t) => `  ${file} > ${t.fullName}: ${firstLine(t.result().errors?.[0]?.message)}`);
    });
    for (const e of unhandledErrors) failures.push(`  unhandled: ${firstLine(e.message)}`);
    const slow = testModules
      .map((m) => ({ file: m.moduleId.replace(`${process.cwd()}/`, ''), ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 12)
      .map((f) => `  ${(f.ms / 1000).toFixed(1).padStart(6)} s  ${f.file}`);
    if (slow.length > 1) process.stdout.write(`\nslowest test files:\n${slow.join('\n')}\n`);
    if (failures.length) process.stdout.write(`\nfailed tests:\n${failures.join('\n')}\n`);
    const why = outside ? ` (${outside} outside a test: a hook, an import or an unhandled error)` : '';
    const line = `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${why}\n`;
    process.once('exit', () => process.stdout.write(line));
  }
}

function firstLine(message: string | undefined): string {
  return (message ?? 'no message').split('\n')[0].slice(0, 300);
}
