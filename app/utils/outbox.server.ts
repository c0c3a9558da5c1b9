// The outbox: every email the store sends is first composed into one RFC 822 message (nodemailer's
// stream transport: headers, a text and an HTML part). With SMTP_URL it is sent over SMTP; without,
// it is written to DATA_DIR/outbox/*.eml. A failed send never fails what caused it (an order is
// already committed): it is logged and the message is kept there as *.unsent.eml.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from './env.server.js';
import { log } from './log.server.js';
import { escapeHtml as escapeAttr } from './html.js';

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A short slug for the file name ("order-1001"). */
  tag: string;
  /**
   * A mailing list's one-click unsubscribe URL: sent as List-Unsubscribe with RFC 8058's
   * List-Unsubscribe-Post, so mail clients offer their own unsubscribe button.
   */
  listUnsubscribe?: string;
  /**
   * The language the mail is written in ("fr"): sent as Content-Language, and the lang of an HTML
   * part given as a fragment (a whole document says its own).
   */
  language?: string;
}

export type SendOutcome =
  { status: 'sent'; messageId: string } | { status: 'written'; file: string } | { status: 'unsent'; file: string | null; error: string };

export interface OutboxOptions {
  smtpUrl?: string;
  dataDir?: string;
  /**
   * The message's Message-ID ("<job-id@host>"): the mail queue gives each job its own, and a file
   * for it already in the outbox counts as written (a retry after a crash writes no second one).
   */
  messageId?: string;
  /** Keep a failed SMTP send as *.unsent.eml (default true; the mail queue retries instead). */
  keepUnsent?: boolean;
}

// Composes only: `buffer` hands back the message bytes, CRLF line ends as RFC 5322 asks.
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** An HTML fragment as a whole document in `language`, so mail clients and screen readers know it. */
function htmlDocument(html: string, subject: string, language: string | undefined): string {
  if (/^\s*(<!doctype|<html)/i.test(html)) return html;
  const lang = language ? ` lang="${escapeAttr(language)}"` : '';
  return `<!doctype html><html${lang}><head><meta charset="utf-8"><title>${escapeAttr(subject)}</title></head><body>${html}</body></html>\n`;
}

/** The message as RFC 822 bytes. */
export async function composeMail(mail: OutgoingMail, messageId?: string): Promise<{ raw: Buffer; messageId: string }> {
  const headers: Record<string, string> = {};
  if (mail.listUnsubscribe) {
    headers['List-Unsubscribe'] = `<${mail.listUnsubscribe}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  if (mail.language) headers['Content-Language'] = mail.language;
  const info = await composer.sendMail({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: htmlDocument(mail.html, mail.subject, mail.language),
    headers,
    ...(messageId ? { messageId } : {}),
  });
  return { raw: info.message as Buffer, messageId: String(info.messageId ?? '') };
}

export function outboxDir(dataDir: string = env().dataDir): string {
  return path.resolve(dataDir, 'outbox');
}

/** The file-name suffix that stands for a Message-ID in the outbox. */
const idSuffix = (messageId: string) => `-${crypto.createHash('sha256').update(messageId).digest('hex').slice(0, 16)}.eml`;

/** The outbox file already written for `messageId`, if any. */
async function writtenFor(dir: string, messageId: string): Promise<string | null> {
  const suffix = idSuffix(messageId);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const found = names.find((n) => n.endsWith(suffix) && !n.endsWith(`.unsent${suffix}`));
  return found ? path.join(dir, found) : null;
}

/** Writes the message to the outbox atomically (a reader never sees half a file). */
async function writeEml(dir: string, tag: string, raw: Buffer, unsent: boolean, messageId?: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const end = messageId && !unsent ? idSuffix(messageId) : `-${crypto.randomBytes(4).toString('hex')}${unsent ? '.unsent' : ''}.eml`;
  const name = `${stamp}-${tag.replace(/[^a-z0-9-]/gi, '')}${end}`;
  const file = path.join(dir, name);
  await fs.writeFile(`${file}.tmp`, raw, { mode: 0o600 });
  await fs.rename(`${file}.tmp`, file);
  return file;
}

let smtp: { url: string; transport: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (smtp?.url !== url) {
    // Bounded waits: a mail server that does not answer must not hold requests or shutdown.
    smtp = {
      url,
      transport: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    };
  }
  return smtp.transport;
}

/** Sends (SMTP_URL) or writes (no SMTP_URL) a message. Never throws. */
export async function sendMail(mail: OutgoingMail, opts: OutboxOptions = {}): Promise<SendOutcome> {
  const smtpUrl = opts.smtpUrl ?? env().smtpUrl;
  const dir = outboxDir(opts.dataDir);
  let raw: Buffer;
  try {
    raw = (await composeMail(mail, opts.messageId)).raw;
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    log.error(`outbox: cannot compose "${mail.subject}" to ${mail.to}: ${error}`);
    return { status: 'unsent', file: null, error };
  }
  if (!smtpUrl) {
    try {
      const before = opts.messageId ? await writtenFor(dir, opts.messageId) : null;
      return { status: 'written', file: before ?? (await writeEml(dir, mail.tag, raw, false, opts.messageId)) };
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      log.error(`outbox: cannot write "${mail.subject}" to ${dir}: ${error}`);
      return { status: 'unsent', file: null, error };
    }
  }
  try {
    const info = await smtpTransport(smtpUrl).sendMail({ envelope: { from: mail.from.address, to: [mail.to] }, raw });
    return { status: 'sent', messageId: String(info.messageId ?? '') };
  } catch (e) {
    const error = e instanceof Error ? e.message : String(e);
    let file: string | null = null;
    if (opts.keepUnsent === false) {
      log.warn(`outbox: sending "${mail.subject}" to ${mail.to} failed (${error})`);
      return { status: 'unsent', file, error };
    }
    try {
      file = await writeEml(dir, mail.tag, raw, true);
    } catch (e2) {
      log.error(`outbox: cannot keep the unsent message either: ${e2 instanceof Error ? e2.message : String(e2)}`);
    }
    log.error(`outbox: sending "${mail.subject}" to ${mail.to} failed (${error}); kept as ${file ?? 'nothing'}`);
    return { status: 'unsent', file, error };
  }
}
