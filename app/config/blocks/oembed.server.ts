// A YouTube or Vimeo video's oEmbed metadata, asked for when a video block is saved: its title and
// provider name where the provider answers, and Vimeo's account type (SPEC 5 refuses Basic
// accounts). Never required: an answer that does not come within a short time, or is not oEmbed,
// leaves the block as the owner typed it. Answers (and their absence) are remembered for a while.
import { env } from '../../utils/env.server.js';
import { safeFetch } from '../../utils/safe-fetch.server.js';
import { log } from '../../utils/log.server.js';
import { MEDIA_TEXT, type VideoEmbed } from './media.js';

export interface Oembed {
  title: string;
  providerName: string;
  /** Vimeo's account_type ('basic', 'plus', 'pro'…); '' when not given. */
  accountType: string;
}

export type OembedEndpoints = Record<VideoEmbed['provider'], string>;

/** The providers' endpoints, or a test's stand-in for both (OEMBED_URL, outside production). */
function endpoints(): OembedEndpoints {
  const standIn = env().oembedUrl;
  if (standIn) return { youtube: `${standIn}/youtube?url=`, vimeo: `${standIn}/vimeo?url=` };
  return { youtube: 'https://www.youtube.com/oembed?format=json&url=', vimeo: 'https://vimeo.com/api/oembed.json?url=' };
}

/** An owner waits for the save: the provider gets this long, then the block is saved without it. */
export const OEMBED_TIMEOUT_MS = 2500;
const TTL_MS = 60 * 60 * 1000;
const CACHE_MAX = 500;
const cache = new Map<string, { at: number; value: Oembed | null }>();

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');

/**
 * The video's oEmbed metadata, or null when its provider did not answer with it. `at`: the
 * providers' endpoints (a unit test points them at a local stand-in that FETCH_TEST_ORIGINS lets through).
 */
export async function videoOembed(embed: VideoEmbed, at: OembedEndpoints = endpoints()): Promise<Oembed | null> {
  const url = at[embed.provider] + encodeURIComponent(embed.pageUrl);
  const hit = cache.get(url);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  let value: Oembed | null = null;
  try {
    const res = await safeFetch(url, { timeoutMs: OEMBED_TIMEOUT_MS, maxBytes: 64 * 1024, headers: { Accept: 'application/json' } });
    if (res.ok) {
      const body = (await res.json()) as Record<string, unknown>;
      value = { title: str(body.title, 300), providerName: str(body.provider_name, 100), accountType: str(body.account_type, 40) };
    }
  } catch (e) {
    // Unreachable (no network, a timeout, a refusal): the block goes without metadata.
    log.info(`oembed: ${embed.provider} did not answer: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(url, { at: Date.now(), value });
  return value;
}

/** Why a video cannot be used, from its oEmbed (SPEC 5: a Vimeo Basic account's), or null. */
export function oembedRefusal(embed: VideoEmbed, o: Oembed | null): string | null {
  return o && embed.provider === 'vimeo' && o.accountType.toLowerCase() === 'basic' ? MEDIA_TEXT.vimeoBasic : null;
}
