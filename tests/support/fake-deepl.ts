// A stand-in for the DeepL API v2 (a third-party service this machine cannot reach), for the
// integration and HTTP tests: GET /v2/usage accepts only GOOD_KEY, POST /v2/translate answers each
// text as "[FR] " + text (the target's code), and a test can make the next answers a status.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const GOOD_KEY = 'f00d-good-key-1234:fx';

export interface TranslateCall {
  auth: string | undefined;
  body: { text: string[]; source_lang: string; target_lang: string; tag_handling?: string };
}

export interface FakeDeepl {
  url: string;
  calls: TranslateCall[];
  /** Statuses the next /v2/translate calls answer instead of translating. */
  failNext: number[];
  /** Appended to every HTML translation (to check it is sanitised before it is kept). */
  htmlTail: string;
  close(): Promise<void>;
}

export async function startFakeDeepl(): Promise<FakeDeepl> {
  const fake: Omit<FakeDeepl, 'url' | 'close'> = { calls: [], failNext: [], htmlTail: '' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const auth = req.headers.authorization;
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (auth !== `DeepL-Auth-Key ${GOOD_KEY}`) return answer(403, { message: 'Forbidden' });
      if (req.method === 'GET' && req.url === '/v2/usage') return answer(200, { character_count: 0, character_limit: 500000 });
      if (req.method === 'POST' && req.url === '/v2/translate') {
        const body = JSON.parse(raw) as TranslateCall['body'];
        fake.calls.push({ auth, body });
        const status = fake.failNext.shift();
        if (status) return answer(status, { message: 'refused by the test' });
        const tag = body.target_lang.slice(0, 2);
        const tail = body.tag_handling === 'html' ? fake.htmlTail : '';
        return answer(200, {
          translations: body.text.map((t) => ({ detected_source_language: body.source_lang, text: `[${tag}] ${t}${tail}` })),
        });
      }
      answer(404, { message: 'Not found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
