// What every cart operation is given (the database and the website reader, no more), the failure
// the operations answer with, and the transaction runner that turns a thrown CartError into one.
import type postgres from 'postgres';
import type { Sql } from '../../../db/client.server.js';
import type { FieldErrors } from '../checkout-form.js';
import type { WebsiteReader } from './website.server.js';

/** A query runner: the database, or a transaction of it. */
export type Q = Sql | postgres.TransactionSql;

export interface CartContext {
  sql: Sql;
  website: WebsiteReader;
}

export type CartFailure = { ok: false; status: number; error: string };

/** A refused checkout; `fieldErrors` when the form was wrong for this cart, field name -> text. */
export type CheckoutFailure = CartFailure & { fieldErrors?: FieldErrors };

/** Cart and order ids are UUIDs: anything else is answered like a missing row, without a query. */
export { UUID as CART_ID } from '../../utils/uuid.js';

/** A failure inside a transaction: thrown to roll back, returned to the caller as CartFailure. */
export class CartError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }
}

export function fail(status: number, error: string): CartFailure {
  return { ok: false, status, error };
}

/** Runs `work` in one transaction; a CartError thrown in it rolls back and comes back as a failure. */
export async function run<T>(ctx: CartContext, work: (tx: postgres.TransactionSql) => Promise<T>): Promise<T | CheckoutFailure> {
  // Read before the transaction: with PGlite's single connection, a query on `sql` from inside
  // `sql.begin` would wait for the transaction that waits for it.
  await ctx.website.current();
  try {
    return (await ctx.sql.begin(work)) as T;
  } catch (e) {
    if (e instanceof CartError)
      return e.fieldErrors ? { ...fail(e.status, e.message), fieldErrors: e.fieldErrors } : fail(e.status, e.message);
    throw e;
  }
}
