// Playwright reporter that ends the run with the plain `e2e: N passed, N failed` line CI tools read.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    // Count each test once, by its final outcome (retries are off, but stay correct if enabled).
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') return;
    if (result.status === 'passed') this.passed++;
    else if (result.status === 'skipped') this.skipped++;
    else this.failed++;
  }

  onEnd(_result: FullResult): void {
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    process.stdout.write(`\ne2e: ${this.passed} passed, ${this.failed} failed${skipped}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
