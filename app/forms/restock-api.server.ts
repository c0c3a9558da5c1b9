// The shopper side of the restock JSON API on the process's database: rate limit, sign-up and the
// answer's text (the merchant's, else "Signed up!"), and the owner's list of one variant.
import { getSql } from '../../db/client.server.js';
import { allowSignUp, listSignUps, signUp, successText } from './restock.server.js';
import { RESTOCK_TEXT } from './restock-texts.js';

export const restockApi = {
  text: RESTOCK_TEXT,
  allow: async (request: Request) => allowSignUp(await getSql(), request),
  signUps: listSignUps,
  async signUp(websiteId: string, body: unknown) {
    const sql = await getSql();
    const r = await signUp(sql, websiteId, body);
    if (!r.ok) return r;
    return { ok: true as const, message: (await successText(sql, websiteId)) || RESTOCK_TEXT.signedUp };
  },
};
