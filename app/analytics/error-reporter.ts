// JavaScript error reports (SPEC 8): at most 20 per page and 10 waiting, sent together 1 s after
// the last one, stack traces cut at 5,000 characters. The sending and the clock are passed in, so
// the limits are tested with fake timers.
import { ERROR_REPORTS } from './constants.js';
import type { JavascriptError } from './wire.js';

export interface ErrorReporterOptions {
  send: (batch: JavascriptError[]) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (t: unknown) => void;
}

export interface ErrorReporter {
  /** Queues one report; false when a limit drops it. */
  report(e: JavascriptError): boolean;
  /** Sends what waits now (the page hides). */
  flush(): void;
}

const int = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined);

/** A report as the wire takes it: bounded texts, whole non-negative numbers. */
export function shapeError(e: {
  message?: unknown;
  source?: unknown;
  line?: unknown;
  col?: unknown;
  stack?: unknown;
  pagePath: string;
  pageLoadId?: string;
  ts?: number;
}): JavascriptError {
  const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
  const out: JavascriptError = { message: text(e.message).slice(0, 1000) || 'Unknown error', pagePath: e.pagePath.slice(0, 2048) };
  const source = text(e.source);
  if (source) out.source = source.slice(0, 2048);
  const line = int(e.line);
  if (line !== undefined) out.line = line;
  const col = int(e.col);
  if (col !== undefined) out.col = col;
  const stack = text(e.stack);
  if (stack) out.stack = stack.slice(0, ERROR_REPORTS.stackChars);
  if (e.pageLoadId) out.pageLoadId = e.pageLoadId;
  const ts = int(e.ts);
  if (ts !== undefined) out.ts = ts;
  return out;
}

export function createErrorReporter(opts: ErrorReporterOptions): ErrorReporter {
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  let accepted = 0;
  let queue: JavascriptError[] = [];
  let timer: unknown = null;

  const flush = () => {
    if (timer !== null) clearTimer(timer);
    timer = null;
    if (!queue.length) return;
    const batch = queue;
    queue = [];
    try {
      opts.send(batch);
    } catch {
      // Reporting must never raise an error of its own.
    }
  };

  return {
    report(e) {
      if (accepted >= ERROR_REPORTS.perPage || queue.length >= ERROR_REPORTS.queued) return false;
      accepted++;
      queue.push({ ...e, stack: e.stack?.slice(0, ERROR_REPORTS.stackChars) });
      if (e.stack === undefined) delete queue[queue.length - 1].stack;
      // Debounced: a burst of errors goes as one request, 1 s after the last.
      if (timer !== null) clearTimer(timer);
      timer = setTimer(flush, ERROR_REPORTS.debounceMs);
      return true;
    },
    flush,
  };
}
