// The shopper side of the restock JSON API on the process's database: rate limit, sign-up and the
// answer's text (the merchant's, else "Signed up!"), and the owner's list of one variant.
import { getSql } from '../../db/client.server.js';
import { languageOfRequest } from '../languages/email-language.server.js';
import { allowSignUp, listSignUps, signUp, successText } from './restock.server.js';
import { RESTOCK_TEXT } from './restock-texts.js';

export const restockApi = {
  text: RESTOCK_TEXT,
  allow: async (request: Request) => allowSignUp(await getSql(), request),
  signUps: listSignUps,
  /** A sign-up; without a `language` in the payload, the notice is in that of the page it came from (Referer). */
  async signUp(websiteId: string, body: unknown, request: Request) {
    const sql = await getSql();
    const r = await signUp(sql, websiteId, body, await languageOfRequest(sql, websiteId, request));
    if (!r.ok) return r;
    return { ok: true as const, message: (await successText(sql, websiteId)) || RESTOCK_TEXT.signedUp };
  },
};
