// Starts an extra copy of the built server for tests about the process itself (shutdown, a
// database that is down): `node build/server.js` with the given environment on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/** `opts.dataDir`: a DATA_DIR of the caller's, kept when the server exits (else a temporary one, removed). */
export async function startServer(
  extraEnv: Record<string, string | undefined>,
  waitPath = '/healthz',
  opts: { dataDir?: string } = {},
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
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  // A server on the embedded database migrates and seeds before it listens: slow on a busy machine.
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) break;
    try {
      await fetch(url + waitPath);
      break;
    } catch {
      if (Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return { url, child, output: () => out, exited, kill: () => child.kill('SIGKILL') };
}
