// The message of a page action that answered without a redirect (429 Too Many Requests, with
// Retry-After): shown above the page and announced, with JavaScript on and off.
export function ActionNotice({ error }: { error?: string | null }) {
  if (!error) return null;
  return (
    <p className="wrap notice notice-error action-notice" role="alert">
      {error}
    </p>
  );
}
