// Reads Conform's reply to a refused owner post (`replyTo` / `refusedReply` in an action, see
// app/utils/form.server.ts) for the screen: the message above the form, each field's first error,
// and the form as typed, so a failed post draws the form again as it was sent (with or without JS).

/** The reply as an action's JSON carries it (Conform's SubmissionResult, serialised). */
export interface ReplyData {
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null>;
}

export interface RefusedPost {
  /** The form-level message (Conform's `formErrors`), or null. */
  formError: string | null;
  /** The first message of each field's errors, by field name. */
  errors: Record<string, string>;
  /** What was typed, by field name (empty fields included); null when nothing is kept (an unreadable post). */
  typed: Record<string, string> | null;
  /** Every value typed, by field name: a list of checkboxes posts one name several times. */
  lists: Record<string, string[]>;
}

/** The refused post a reply describes; null when there is no reply (the screen as loaded). */
export function readReply(reply: ReplyData | null | undefined): RefusedPost | null {
  if (!reply) return null;
  const errors: Record<string, string> = {};
  let formError: string | null = null;
  for (const [name, messages] of Object.entries(reply.error ?? {})) {
    if (!messages || messages.length === 0) continue;
    if (name === '') formError = messages[0];
    else errors[name] = messages[0];
  }
  let typed: Record<string, string> | null = null;
  const lists: Record<string, string[]> = {};
  if (reply.initialValue) {
    typed = {};
    for (const [name, v] of Object.entries(reply.initialValue)) {
      const all = Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
      if (all.length === 0) continue;
      // A name posted several times reads as its last value, as a plain form post keeps it.
      typed[name] = all[all.length - 1];
      lists[name] = all;
    }
  }
  return { formError, errors, typed, lists };
}

/** What was typed as a form again, every value of a repeated name in order (a screen that reads its post as a form). */
export function typedForm(failed: RefusedPost): URLSearchParams {
  return new URLSearchParams(Object.entries(failed.lists).flatMap(([name, values]) => values.map((v) => [name, v])));
}
