// GET /api/form/captcha: a signed proof-of-work challenge for a form's CAPTCHA widget (altcha),
// solved in the visitor's browser and checked when the form is saved (app/forms/captcha.server.ts).
import { newChallenge } from '../forms/captcha.server.js';
import { apiRoute, jsonAnswer } from '../storefront/api.server.js';

export const loader = apiRoute(async () => jsonAnswer(await newChallenge()));
