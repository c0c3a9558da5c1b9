// The DeepL API v2 client (ADR 0020): checks an API key (GET /v2/usage) and translates a batch of
// texts (POST /v2/translate). The host follows the key (":fx" keys are the free plan's); only tests
// point it elsewhere (TRANSLATION_SERVICE_URL, refused in production). Every refusal becomes an
// owner-facing message.
import { z } from 'zod';
import { env } from '../utils/env.server.js';
import { safeFetch } from '../utils/safe-fetch.server.js';

export const DEEPL = 'DeepL';
export const DEEPL_TIMEOUT_MS = 15_000;
/** DeepL takes at most 50 texts per request, and a body of at most 128 KiB (the texts' JSON and the rest). */
export const MAX_TEXTS_PER_CALL = 50;
export const MAX_BYTES_PER_CALL = 100_000;

export type ServiceProblem = 'refused' | 'quota' | 'busy' | 'unreachable' | 'rejected' | 'failed';

export const SERVICE_TEXT: Record<ServiceProblem, string> = {
  refused: 'DeepL refused the API key. Copy it again from your DeepL account (Account, API keys) and connect again.',
  quota: 'Your DeepL character quota is used up. Translation can go on once it renews or after you upgrade your DeepL plan.',
  busy: 'DeepL is receiving too many requests just now. Try again in a few minutes.',
  unreachable: `DeepL could not be reached (no answer within ${DEEPL_TIMEOUT_MS / 1000} seconds). Try again in a few minutes.`,
  rejected: 'DeepL did not accept the request (a text may be too long for it). Translate the rest in the editors.',
  failed: 'DeepL could not translate the text just now. Try again later.',
};

/** A call the service refused or never answered; `message` is for the owner. */
export class TranslationServiceError extends Error {
  constructor(
    readonly problem: ServiceProblem,
    readonly status: number | null = null,
  ) {
    super(SERVICE_TEXT[problem]);
  }

  /** Worth another try later (busy, unreachable, the service's own failure); a refused key, a spent quota or a refused request is not. */
  get retryable(): boolean {
    return this.problem === 'busy' || this.problem === 'unreachable' || this.problem === 'failed';
  }
}

/** The service's base URL for `key`: DeepL's free host for ":fx" keys, its paid host otherwise. */
export function deeplBase(key: string, override: string | null = env().translationServiceUrl ?? null): string {
  if (override) return override;
  return key.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';
}

// DeepL names some target languages by their variety; the sources by the bare language.
const TARGET: Record<string, string> = { en: 'EN-US', pt: 'PT-PT' };
export const deeplSource = (code: string) => code.toUpperCase();
export const deeplTarget = (code: string) => TARGET[code] ?? code.toUpperCase();

function problemOf(status: number): ServiceProblem {
  if (status === 401 || status === 403) return 'refused';
  if (status === 456) return 'quota';
  if (status === 429) return 'busy';
  // Other refusals of the request itself will not change on a retry.
  if (status >= 400 && status < 500) return 'rejected';
  return 'failed';
}

async function call(key: string, path: string, init: { method: 'GET' | 'POST'; body?: unknown }): Promise<unknown> {
  let res: Response;
  try {
    // Through the guard like every server-side fetch; the test stand-in's origin is let through
    // outside production only (app/utils/safe-fetch.server.ts).
    res = await safeFetch(`${deeplBase(key)}${path}`, {
      method: init.method,
      headers: {
        Authorization: `DeepL-Auth-Key ${key}`,
        'User-Agent': 'storefront-translations',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      timeoutMs: DEEPL_TIMEOUT_MS,
      // 50 translated texts of a 100 KB request come back well under this.
      maxBytes: 4 * 1024 * 1024,
      redirect: 'error',
    });
  } catch {
    throw new TranslationServiceError('unreachable');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new TranslationServiceError(problemOf(res.status), res.status);
  }
  try {
    return await res.json();
  } catch {
    throw new TranslationServiceError('failed', res.status);
  }
}

/** Checks a key with a call that costs no characters (GET /v2/usage); throws TranslationServiceError. */
export async function checkDeeplKey(key: string): Promise<void> {
  await call(key, '/v2/usage', { method: 'GET' });
}

const Translated = z.object({ translations: z.array(z.object({ text: z.string() })) });

/** `texts` in `target` (site language codes), in order; `html` sends them as HTML (tags kept). */
export async function deeplTranslate(key: string, texts: string[], from: string, target: string, html: boolean): Promise<string[]> {
  if (texts.length === 0) return [];
  const body = {
    text: texts,
    source_lang: deeplSource(from),
    target_lang: deeplTarget(target),
    ...(html ? { tag_handling: 'html' } : {}),
  };
  const parsed = Translated.safeParse(await call(key, '/v2/translate', { method: 'POST', body }));
  if (!parsed.success || parsed.data.translations.length !== texts.length) throw new TranslationServiceError('failed');
  return parsed.data.translations.map((t) => t.text);
}
