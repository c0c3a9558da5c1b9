// The "Blocks" section of the page editor: the page's content blocks in order (type, summary, move
// up or down, edit, remove after a confirmation on the block's own screen) and "Add block" (choose
// a type). Plain forms and links: works without JavaScript. Notices come back in ?blocks=.
import { Form, Link, useSearchParams } from '@remix-run/react';
import { BLOCK_HINTS, BLOCK_LABELS, BLOCK_TYPES } from '../../config/blocks/block-types.js';
import { Notice } from './Field.js';

export interface PageBlockRow {
  id: string;
  type: string;
  label: string;
  summary: string;
}

const NOTICES: Record<string, string> = {
  moved: 'Block moved.',
  removed: 'Block removed.',
};

export function PageBlocks({ pageId, blocks, canWrite }: { pageId: string; blocks: PageBlockRow[]; canWrite: boolean }) {
  const [params] = useSearchParams();
  const base = `/config/pages/${encodeURIComponent(pageId)}/blocks`;
  return (
    <section className="card page-blocks-editor" id="blocks" aria-labelledby="blocks-h">
      <h2 id="blocks-h">Blocks</h2>
      <p className="hint">Blocks show after the page’s body, in this order.</p>
      <Notice message={NOTICES[params.get('blocks') ?? ''] ?? null} />
      {blocks.length === 0 ? (
        <p className="empty">This page has no blocks yet.</p>
      ) : (
        <table className="data">
          <caption className="visually-hidden">Blocks of this page</caption>
          <thead>
            <tr>
              <th scope="col">Block</th>
              <th scope="col">Content</th>
              {canWrite ? <th scope="col">Order</th> : null}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {blocks.map((b, i) => (
              <tr key={b.id}>
                <td>{`${i + 1}. ${b.label}`}</td>
                <td>{b.summary}</td>
                {canWrite ? (
                  <td>
                    <div className="row-actions">
                      {(['up', 'down'] as const).map((dir) => (
                        <Form method="post" action={`${base}/${encodeURIComponent(b.id)}`} key={dir}>
                          <input type="hidden" name="intent" value={dir} />
                          <button
                            type="submit"
                            className="secondary"
                            aria-label={`Move block ${i + 1} (${b.label}) ${dir}`}
                            disabled={dir === 'up' ? i === 0 : i === blocks.length - 1}
                          >
                            {dir === 'up' ? 'Move up' : 'Move down'}
                          </button>
                        </Form>
                      ))}
                    </div>
                  </td>
                ) : null}
                <td>
                  <div className="row-actions">
                    <Link
                      to={`${base}/${encodeURIComponent(b.id)}`}
                      aria-label={`${canWrite ? 'Edit' : 'Open'} block ${i + 1} (${b.label})`}
                    >
                      {canWrite ? 'Edit' : 'Open'}
                    </Link>
                    {canWrite ? (
                      <Link to={`${base}/${encodeURIComponent(b.id)}?remove=confirm`} aria-label={`Remove block ${i + 1} (${b.label})`}>
                        Remove…
                      </Link>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canWrite ? (
        <Form method="get" action={`${base}/new`} className="add-block">
          <fieldset>
            <legend>Add block</legend>
            {BLOCK_TYPES.map((t, i) => (
              <div className="field checkbox" key={t}>
                <label>
                  <input type="radio" name="type" value={t} defaultChecked={i === 0} /> {BLOCK_LABELS[t]}{' '}
                  <span className="hint">{BLOCK_HINTS[t]}</span>
                </label>
              </div>
            ))}
          </fieldset>
          <button type="submit">Add block</button>
        </Form>
      ) : null}
    </section>
  );
}
