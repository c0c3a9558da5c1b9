// Playwright reporter that ends the run with the plain `e2e: N passed, N failed` line CI tools read,
// after the slowest journeys (CI runs near its time limit: this says where the minutes go).
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;
  private durations: { title: string; ms: number }[] = [];
  private failures: string[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    // Count each test once, by its final outcome (retries are off, but stay correct if enabled).
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    this.durations.push({ title: `${test.parent.project()?.name ?? ''} ${test.titlePath().slice(2).join(' > ')}`, ms: result.duration });
    if (result.status === 'passed') this.passed++;
    else if (result.status === 'skipped') this.skipped++;
    else {
      this.failed++;
      const message = (result.error?.message ?? result.status)
        .replace(/\u001b\[[0-9;]*m/g, '')
        .split('\n')[0]
        .slice(0, 300);
      this.failures.push(
        `  ${test.parent.project()?.name ?? ''} ${test.location.file.split('/').pop()}:${test.location.line} > ${test.title}: ${message}`,
      );
    }
  }

  onEnd(_result: FullResult): void {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;
    const slowest = this.durations.sort((a, b) => b.ms - a.ms).slice(0, 10);
    const total = this.durations.reduce((sum, d) => sum + d.ms, 0);
    // The total is the journeys' own time added up (over the workers), what a cut per journey saves from.
    if (slowest.length > 1)
      process.stdout.write(
        `\nslowest journeys:\n${slowest.map((d) => `  ${seconds(d.ms)}  ${d.title}`).join('\n')}\n` +
          `  ${seconds(total)}  all ${this.durations.length} journeys together\n`,
      );
    // Named at the end, because CI keeps only the tail of a long run's output.
    if (this.failures.length) process.stdout.write(`\nfailed journeys:\n${this.failures.join('\n')}\n`);
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    process.stdout.write(`\ne2e: ${this.passed} passed, ${this.failed} failed${skipped}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
