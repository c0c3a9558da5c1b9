// How the collector talks to the server (SPEC 7 and 9): form posts, JSON posts and the records'
// beacon, each given up after 2.5 s, and never an error that reaches the page (SPEC 8).
import { COLLECTOR } from './constants.js';

/** Reads a cookie from a `document.cookie` string ('' when absent). */
export function readCookie(cookies: string, name: string): string {
  for (const part of cookies.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return '';
}

/** The status of the answer, or 0 when there was none in time. */
async function post(url: string, init: RequestInit): Promise<number> {
  const abort = typeof AbortController === 'function' ? new AbortController() : null;
  const timer = setTimeout(() => abort?.abort(), COLLECTOR.requestTimeoutMs);
  try {
    const res = await fetch(url, { ...init, method: 'POST', credentials: 'same-origin', signal: abort?.signal });
    return res.status;
  } catch {
    return 0;
  } finally {
    clearTimeout(timer);
  }
}

/** A form-encoded post (RecordHit, RecordEvent). */
export function postForm(url: string, fields: Record<string, string>): Promise<number> {
  return post(url, { body: new URLSearchParams(fields), keepalive: true });
}

/** A JSON post (the census calls, the error reports). */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  return post(url, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers }, keepalive: true });
}

export type Delivery = 'beacon' | 'xhr';

/**
 * Sends a text/plain body by beacon when the browser has one and takes it, else by XHR. `body`
 * is made for the delivery used (records name it). Returns the delivery, or null if none went.
 */
export function sendText(url: string, body: (delivery: Delivery) => string): Delivery | null {
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
      const blob = new Blob([body('beacon')], { type: 'text/plain' });
      if (navigator.sendBeacon(url, blob)) return 'beacon';
    }
  } catch {
    // Falls back to XHR below.
  }
  try {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url, true);
    xhr.timeout = COLLECTOR.requestTimeoutMs;
    xhr.setRequestHeader('Content-Type', 'text/plain;charset=UTF-8');
    xhr.onerror = xhr.ontimeout = () => undefined;
    xhr.send(body('xhr'));
    return 'xhr';
  } catch {
    return null;
  }
}
