// The code block: text kept as typed (never HTML: the storefront escapes it inside <pre><code>), a
// language for the reader, and SPEC 2's Android rule: "Code editing is not available on Android."
import { z } from 'zod';

export const CODE_MAX = 20_000;
export const CODE_LANGUAGES = ['plain', 'html', 'css', 'javascript', 'json', 'python', 'shell'] as const;
export const CODE_LANGUAGE_LABELS: Record<(typeof CODE_LANGUAGES)[number], string> = {
  plain: 'Plain text',
  html: 'HTML',
  css: 'CSS',
  javascript: 'JavaScript',
  json: 'JSON',
  python: 'Python',
  shell: 'Shell',
};

export const CODE_TEXT = {
  android: 'Code editing is not available on Android.',
  empty: 'Enter some code.',
  tooLong: `A code block holds at most ${CODE_MAX.toLocaleString('en-US')} characters.`,
};

export const CodeSettings = z.object({
  language: z.enum(CODE_LANGUAGES, { errorMap: () => ({ message: 'Choose a language.' }) }).default('plain'),
  // Line ends as the browser sends them (CRLF) become LF; nothing else is touched.
  text: z
    .string({ required_error: CODE_TEXT.empty })
    .transform((s) => s.replace(/\r\n?/g, '\n'))
    .pipe(z.string().min(1, CODE_TEXT.empty).max(CODE_MAX, CODE_TEXT.tooLong)),
});
export type CodeSettings = z.infer<typeof CodeSettings>;

/** Whether a User-Agent is an Android browser's (the code editor is read-only there). */
export function isAndroid(userAgent: string | null | undefined): boolean {
  return /\bAndroid\b/i.test(userAgent ?? '');
}
