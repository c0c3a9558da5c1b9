// A store collection's sort (issue 33, migration 0051): the choices and the one SQL ordering every
// reader of the shop's order uses (the listings, the home page's featured products, /config/products).

/** 'manual': item.ordering, set with Move up / Move down. 'newest': the newest product first. */
export const COLLECTION_SORTS = ['manual', 'newest'] as const;
export type CollectionSort = (typeof COLLECTION_SORTS)[number];

export const COLLECTION_SORT_LABELS: Record<CollectionSort, string> = { manual: 'Manual', newest: 'Newest first' };

/**
 * ORDER BY terms for items `i` of collection `c`, in the shop's order: a 'newest' collection's
 * products by creation, newest first; then (and for a manual collection only) the owner's order.
 * The title and id end ties, so pages never overlap.
 */
export const SHOP_ORDER = `case when c.sort = 'newest' then i.created_at end desc nulls last, i.ordering, i.title, i.id`;
