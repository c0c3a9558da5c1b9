// Drag reorder on /config/products (issue 33), with JavaScript only: the page's products of Manual
// collections as a react-aria GridList with drag and drop. Each row has a drag handle, so the
// keyboard drags too (Enter on the handle, arrows to the place, Enter to drop); a drop posts the
// product and its new neighbour (intent `place`). Without JavaScript the list's Move up / Move down
// buttons do the same, one place at a time.
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { Button, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { readReply, type ReplyData } from './reply.js';

export interface DragRow {
  id: string;
  title: string;
  collectionId: string;
}

export function ProductDragList({ rows }: { rows: DragRow[] }) {
  const fetcher = useFetcher<ReplyData>();
  const refused = readReply(fetcher.data)?.formError;
  // The order shown at once on a drop (the loader's comes back after the save).
  const [shown, setShown] = useState({ from: rows, order: rows });
  let order = shown.order;
  if (shown.from !== rows) {
    order = rows;
    setShown({ from: rows, order: rows });
  }
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder(e) {
      const id = String([...e.keys][0] ?? '');
      const target = String(e.target.key);
      const moving = order.find((r) => r.id === id);
      const to = order.find((r) => r.id === target);
      // Within one collection only: each has an order of its own.
      if (!moving || !to || moving.collectionId !== to.collectionId || e.target.dropPosition === 'on') return;
      const position = e.target.dropPosition;
      const rest = order.filter((r) => r.id !== id);
      const at = rest.findIndex((r) => r.id === target) + (position === 'after' ? 1 : 0);
      setShown({ from: rows, order: [...rest.slice(0, at), moving, ...rest.slice(at)] });
      fetcher.submit({ intent: 'place', id, target, position }, { method: 'post', action: '/config/products?index' });
    },
  });
  if (rows.length < 2) return null;
  return (
    <section aria-labelledby="drag-order-heading" className="drag-order">
      <h2 id="drag-order-heading">Drag to reorder</h2>
      <p className="hint" id="drag-order-hint">
        Drag a product by its handle, or press Enter on the handle, move with the arrow keys and press Enter to drop.
      </p>
      {refused ? (
        <p className="form-error" role="alert">
          {refused}
        </p>
      ) : null}
      <GridList
        aria-label="Products in the shop's order"
        aria-describedby="drag-order-hint"
        items={order}
        dragAndDropHooks={dragAndDropHooks}
        className="drag-list"
      >
        {(r) => (
          <GridListItem id={r.id} textValue={r.title} className="drag-item">
            <Button slot="drag" className="drag-handle secondary" aria-label={`Drag ${r.title}`}>
              <span aria-hidden="true">⠿</span>
            </Button>
            <span>{r.title}</span>
          </GridListItem>
        )}
      </GridList>
    </section>
  );
}
