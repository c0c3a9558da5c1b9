// Starts an extra copy of the built server for tests about the process itself (shutdown, a
// database that is down): `node build/server.js` with the given environment on a free port; and
// waits for a started server to answer, failing loudly (with its output) when it does not.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scaled } from '../../support/time-scale.js';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export interface Started {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  kill(): void;
}

/** The end of a server's output: enough to see why it did not start, short enough to read. */
function lastLines(text: string, count = 40): string {
  return text.trimEnd().split('\n').slice(-count).join('\n') || '(it printed nothing)';
}

/** SIGTERM (a wrapper such as serve.mjs passes it on to its server), SIGKILL if that is not enough. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(late);
}

/**
 * Polls `url` until the server answers in a way `answers` accepts. Throws, with the end of the
 * server's output, when the process exits first (unless `mayExit`: then it returns 'exited') or
 * when `timeoutMs` passes (after stopping the process): a test that silently went on would fail
 * later with ECONNREFUSED, far from the cause.
 */
export async function waitUntilServing(
  url: string,
  child: ChildProcess,
  output: () => string,
  opts: { timeoutMs?: number; mayExit?: boolean; answers?: (res: Response) => boolean } = {},
): Promise<'serving' | 'exited'> {
  const { timeoutMs = scaled(120_000), mayExit = false, answers = () => true } = opts;
  const until = Date.now() + timeoutMs;
  // Its last lines may still be in the pipes when it exits: the message waits for them (not for
  // ever: a server started by a wrapper that was killed may hold them open).
  const closed = new Promise((r) => child.once('close', r));
  const lastOutput = async () => {
    await Promise.race([closed, new Promise((r) => setTimeout(r, 2_000).unref())]);
    return lastLines(output());
  };
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      if (mayExit) return 'exited';
      const last = await lastOutput();
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering ${url}; its last output:\n${last}`);
    }
    // Bounded: a server that accepts the connection and never answers must not outlast the deadline.
    const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(1_000, until - Date.now())) }).catch(() => null);
    if (res) {
      await res.body?.cancel();
      if (answers(res)) return 'serving';
    }
    if (Date.now() > until) {
      await stopChild(child);
      const answer = res ? `it answered ${res.status}` : 'it did not answer';
      const last = await lastOutput();
      throw new Error(`the server was not ready at ${url} within ${timeoutMs / 1000} s (${answer}; stopped it); its last output:\n${last}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * `opts.dataDir`: a DATA_DIR of the caller's, kept when the server exits (else a temporary one, removed).
 * `opts.mayExit`: the test expects the process to refuse to start; it then returns once it exits
 * (else a server that exits before answering `waitPath` is an error, as is one still not answering after 120 s).
 */
export async function startServer(
  extraEnv: Record<string, string | undefined>,
  waitPath = '/healthz',
  opts: { dataDir?: string; mayExit?: boolean } = {},
): Promise<Started> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'storefront-http-'));
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    COOKIE_SECURE: '0',
    DATABASE_URL: undefined,
    WEB_CONCURRENCY: undefined,
    OWNER_EMAIL: 'owner@example.com',
    OWNER_PASSWORD: 'correct horse battery staple',
    ...extraEnv,
  };
  for (const k of ['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR']) if (!(k in extraEnv)) delete env[k];
  // Vitest's own variables would make the server think it runs under a test (silent logs).
  for (const k of Object.keys(env)) if (k.startsWith('VITEST') && !(k in extraEnv)) delete env[k];
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  let out = '';
  const child = spawn(process.execPath, ['build/server.js'], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  // 'close', not 'exit': by then its pipes are drained, so output() holds its last words.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => {
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  // A server on the embedded database migrates and seeds before it listens: slow on a busy machine.
  try {
    await waitUntilServing(url + waitPath, child, () => out, { mayExit: opts.mayExit });
  } catch (e) {
    await exited; // its temporary DATA_DIR removed before the test moves on
    throw e;
  }
  return { url, child, output: () => out, exited, kill: () => child.kill('SIGKILL') };
}
