// The site-user forms' fields (zod, parsed with Conform by the routes) and their texts. Passwords
// are checked here with the owners' rules (password.server.ts) and are never sent back to a page.
import { z } from 'zod';
import { MAX_PASSWORD, MIN_PASSWORD, passwordProblem } from './password.server.js';
import { EMAIL_FORMAT_TEXT, isEmail } from '../utils/email.js';

export const FORM_TEXT = {
  required: 'Required',
  email: EMAIL_FORMAT_TEXT,
  nameTooLong: 'Use at most 100 characters.',
  mismatch: 'The two passwords differ.',
};

const Email = z.string({ required_error: FORM_TEXT.required }).trim().min(1, FORM_TEXT.required).refine(isEmail, FORM_TEXT.email);

const NewPassword = z
  .string({ required_error: FORM_TEXT.required })
  .min(1, FORM_TEXT.required)
  .superRefine((p, ctx) => {
    const problem = passwordProblem(p);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

const Checkbox = z
  .string()
  .optional()
  .transform((v) => v === 'on' || v === 'true' || v === '1');

export const SignUpForm = z.object({
  name: z.string({ required_error: FORM_TEXT.required }).trim().min(1, FORM_TEXT.required).max(100, FORM_TEXT.nameTooLong),
  email: Email,
  password: NewPassword,
  redirectTo: z.string().max(500).optional(),
});

/** Where to go after signing in or up: a path of this site (never another's), /account by default. */
export function safeNext(raw: string | null | undefined): string {
  return raw && /^\/(?!\/)[^\\\s]*$/.test(raw) ? raw : '/account';
}

/**
 * The same, with the account page in the page's language by default (`to` puts a site path in it,
 * /account -> /fr/account): a form on a French page brings the shopper back to French pages.
 */
export function nextIn(raw: string | null | undefined, to: (path: string) => string): string {
  const next = safeNext(raw);
  return next === '/account' ? to(next) : next;
}

export const SignInForm = z.object({
  email: Email,
  password: z.string({ required_error: FORM_TEXT.required }).min(1, FORM_TEXT.required).max(MAX_PASSWORD),
  rememberMe: Checkbox,
  redirectTo: z.string().max(500).optional(),
});

/** The JSON body of POST /api/site-users/account/session. */
export const SessionBody = z.object({
  email: z.string().max(256),
  password: z.string().max(MAX_PASSWORD),
  rememberMe: z.boolean().optional().default(false),
});

export const ForgotForm = z.object({ email: Email });

export const ResetForm = z
  .object({
    token: z.string().max(100),
    password: NewPassword,
    confirm: z.string({ required_error: FORM_TEXT.required }).min(1, FORM_TEXT.required),
  })
  .refine((v) => v.password === v.confirm, { message: FORM_TEXT.mismatch, path: ['confirm'] });

export const SignOutForm = z.object({ cloneCart: Checkbox });

export { MIN_PASSWORD };
