// The conflict screen of every versioned owner form (issue 28): shown over the form, which keeps
// everything the owner typed, it says what changed since the form was opened and who changed it,
// and offers to reload the record or to apply only the owner's own changes. Works without JavaScript.
import { Link } from '@remix-run/react';
import { APPLY_MINE, STAMP_FIELD, type Conflict, type FormStamp } from '../../edits/versions.js';

/** The hidden fields that carry the version a form was drawn at (inside the form). */
export function StampFields({ stamp }: { stamp: FormStamp | null | undefined }) {
  if (!stamp) return null;
  return (
    <>
      <input type="hidden" name={STAMP_FIELD.version} value={stamp.version} />
      <input type="hidden" name={STAMP_FIELD.fields} value={stamp.fields} />
      <input type="hidden" name={STAMP_FIELD.at} value={stamp.at} />
    </>
  );
}

const list = (xs: string[]) => (xs.length === 0 ? 'nothing' : xs.join(', '));

/**
 * The notice for `conflict`. `formId` is the id of the edit form: "Apply only my changes" submits
 * that form (so what was typed goes with it); `reloadTo` opens the record afresh.
 */
export function ConflictNotice({
  conflict,
  formId,
  reloadTo,
}: {
  conflict: Conflict | null | undefined;
  formId: string;
  reloadTo: string;
}) {
  if (!conflict) return null;
  return (
    <section className="form-error conflict" role="alert" aria-labelledby="conflict-title" data-conflict>
      <h2 id="conflict-title">{conflict.message}</h2>
      <p data-conflict-theirs>Changed since you opened it: {list(conflict.theirs)}.</p>
      {conflict.by.length > 0 ? (
        <ul data-conflict-by>
          {conflict.by.map((c, i) => (
            <li key={i}>
              {c.actor} ({c.action}) at <time dateTime={c.at}>{c.at.replace('T', ' ').slice(0, 19)} UTC</time>
            </li>
          ))}
        </ul>
      ) : null}
      <p data-conflict-yours>Your changes: {list(conflict.yours)}.</p>
      <div className="row-actions">
        <input type="hidden" form={formId} name={STAMP_FIELD.current} value={conflict.current} />
        <button type="submit" form={formId} name={STAMP_FIELD.apply} value={APPLY_MINE}>
          Apply only my changes
        </button>
        <Link to={reloadTo} reloadDocument className="button secondary">
          Reload (discard my changes)
        </Link>
      </div>
    </section>
  );
}
