// Predicates of the commerce domain, testing the current node as a product.
import type { Context } from '../../context.js';
import type { PredicateTable } from '../../types.js';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from '../commerce/product.js';

export const predicates: PredicateTable = {
  'has-variants?': (ctx: Context) => hasVariants(ctx.node()),
  'on-sale?': (ctx: Context) => isOnSale(ctx.node()),
  'sold-out?': (ctx: Context) => isSoldOut(ctx.node()),
  'varied-prices?': (ctx: Context) => hasVariedPrices(ctx.node()),
};
