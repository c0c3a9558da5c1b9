// Reads an outbox .eml as a mail client would, for tests: unfolded headers with RFC 2047 words
// decoded (a French subject), and the text and HTML parts decoded from quoted-printable or base64 (with \\n line ends).
// Also finds the mail sent to an address in an outbox folder, waiting for the mail queue's worker.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface ReadMail {
  /** Header values by lower-case name (the first of each). */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function parseHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    if (!(name in out)) out[name] = decodeWords(line.slice(i + 1).trim());
  }
  return out;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function split(raw: string): [Record<string, string>, string] {
  const at = raw.indexOf('\r\n\r\n');
  return [parseHeaders(raw.slice(0, at)), raw.slice(at + 4)];
}

export function readEml(raw: string): ReadMail {
  const [headers, body] = split(raw);
  const mail: ReadMail = { headers, subject: headers.subject ?? '', text: '', html: '' };
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((p) => split(p.replace(/^\r\n/, '')))
    : [[headers, body] as [Record<string, string>, string]];
  for (const [h, b] of parts) {
    const text = decodeBody(b.replace(/\r\n$/, ''), h['content-transfer-encoding']).replace(/\r\n/g, '\n');
    if ((h['content-type'] ?? '').startsWith('text/html')) mail.html = text;
    else if ((h['content-type'] ?? 'text/plain').startsWith('text/plain')) mail.text = text;
  }
  return mail;
}

/**
 * The text of the mail to `address` in the outbox folder `dir`: headers as written, the rest with
 * quoted-printable undone (decoding the headers too once turned a List-Unsubscribe token beginning
 * with two hex digits into another token). Undefined while there is none.
 */
export function outboxMailTo(dir: string, address: string): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  // Only whole mails: the outbox writes a .eml.tmp first and renames it, so a listed .tmp may be gone by the read.
  for (const f of fs.readdirSync(dir).filter((n) => n.endsWith('.eml'))) {
    const raw = fs.readFileSync(path.join(dir, f), 'utf8');
    const split = raw.indexOf('\r\n\r\n');
    const head = split < 0 ? raw : raw.slice(0, split);
    if (!head.includes(`To: ${address}`)) continue;
    const body = raw
      .slice(head.length)
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return head + body;
  }
  return undefined;
}

/** `outboxMailTo` once the mail queue's worker has sent it (it polls each second): up to 15 s. */
export async function outboxMailSoon(dir: string, address: string): Promise<string | undefined> {
  for (let i = 0; i < 150; i++) {
    const text = outboxMailTo(dir, address);
    if (text) return text;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/**
 * Whether the outbox file `name` holding `raw` was written by the mail queue's worker: it names the
 * file after a hash of the job's Message-ID (app/utils/outbox.server.ts), where a direct send ends
 * in random characters.
 */
export function writtenByQueue(name: string, raw: string): boolean {
  const id = /^Message-ID: (<[^>\r\n]+>)\r?$/im.exec(raw)?.[1];
  return id !== undefined && name.endsWith(`-${crypto.createHash('sha256').update(id).digest('hex').slice(0, 16)}.eml`);
}
