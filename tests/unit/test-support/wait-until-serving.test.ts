// The wait for a test server (tests/http/support/spawn-server.ts): a server that exits or never
// answers fails the wait at once, with its output, instead of letting tests meet ECONNREFUSED later.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, waitUntilServing } from '../../http/support/spawn-server.js';

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** A stand-in for a server: a node process running `code`, its output collected; `printed` once it said something. */
function fake(code: string): { child: ChildProcess; output: () => string; printed: Promise<unknown> } {
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const printed = new Promise((r) => child.stdout!.once('data', r));
  return { child, output: () => out, printed };
}

describe('waitUntilServing', () => {
  it('throws with the exit code and the last output when the server exits before answering', async () => {
    const { child, output } = fake(`console.error('DATABASE_URL is not a URL'); process.exit(3)`);
    const url = `http://127.0.0.1:${await freePort()}/healthz`;
    await expect(waitUntilServing(url, child, output)).rejects.toThrow(/exited \(3\) before answering[\s\S]*DATABASE_URL is not a URL/);
  });

  it('returns "exited" for a server the caller expects to refuse to start', async () => {
    const { child, output } = fake(`process.exit(1)`);
    const url = `http://127.0.0.1:${await freePort()}/healthz`;
    expect(await waitUntilServing(url, child, output, { mayExit: true })).toBe('exited');
  });

  it('throws and stops the server when it does not answer in time', async () => {
    const { child, output, printed } = fake(`console.log('migrating...'); setInterval(() => {}, 1000)`);
    const url = `http://127.0.0.1:${await freePort()}/healthz`;
    await printed; // a slow start of node itself must not pass for the server's silence
    await expect(waitUntilServing(url, child, output, { timeoutMs: 500 })).rejects.toThrow(
      /not ready at .*\/healthz within 0\.5 s \(it did not answer; stopped it\)[\s\S]*migrating\.\.\./,
    );
    expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
  });

  it('returns once the server answers as the caller wants', async () => {
    const port = await freePort();
    const { child, output } = fake(
      `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1', () => console.log('up'))`,
    );
    expect(await waitUntilServing(`http://127.0.0.1:${port}/healthz`, child, output, { answers: (r) => r.ok })).toBe('serving');
    child.kill('SIGKILL');
  });
});
