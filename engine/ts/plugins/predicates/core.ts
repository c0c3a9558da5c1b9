// Predicates of the core domain: comparisons (args are JSON literals or paths; with one arg the
// current node is the left operand), parity and nth, plural/singular and debug.
import type { Context } from '../../context.js';
import type { Predicate, PredicateTable } from '../../types.js';
import { isTruthy } from '../../values.js';
import { argOperands, argPaths, compareValues, deepEqual, operandValue, toNumber } from '../core/coerce.js';

/** The two operands of a comparison, or null without args (or with an empty one: `{.equal? }`). */
function operands(ctx: Context, args: string[]): [unknown, unknown] | null {
  if (args.length === 0 || (args.length === 1 && args[0] === '')) return null;
  const ops = argOperands(args);
  return args.length === 1 ? [ctx.node(), operandValue(ctx, ops[0])] : [operandValue(ctx, ops[0]), operandValue(ctx, ops[1])];
}

function comparison(test: (order: number) => boolean): Predicate {
  return (ctx, args) => {
    const o = operands(ctx, args);
    return o !== null && test(compareValues(o[0], o[1]));
  };
}

/** even?/odd? test the current node, or the value at the first arg's path (never a literal). */
function parityValue(ctx: Context, args: string[]): unknown {
  return args.length === 0 || args[0] === '' ? ctx.node() : ctx.resolve(argPaths(args)[0]);
}

export const predicates: PredicateTable = {
  'debug?': (ctx) => isTruthy(ctx.resolveName('debug')),

  'equal?': (ctx, args) => {
    const o = operands(ctx, args);
    return o !== null && deepEqual(o[0], o[1]);
  },
  'notEqual?': (ctx, args) => {
    const o = operands(ctx, args);
    return o !== null && !deepEqual(o[0], o[1]);
  },
  'greaterThan?': comparison((c) => c > 0),
  'greaterThanOrEqual?': comparison((c) => c >= 0),
  'lessThan?': comparison((c) => c < 0),
  'lessThanOrEqual?': comparison((c) => c <= 0),

  'even?': (ctx, args) => {
    const v = parityValue(ctx, args);
    return typeof v === 'number' && v % 2 === 0;
  },
  'odd?': (ctx, args) => {
    const v = parityValue(ctx, args);
    return typeof v === 'number' && Number.isInteger(v) && v % 2 !== 0;
  },

  /** `nth? M` tests the current node, `nth? X M` the first operand: a number divisible by integer M. */
  'nth?': (ctx, args) => {
    if (args.length === 0 || args.length > 2) return false;
    const o = operands(ctx, args)!;
    const x = o[0];
    const m = o[1];
    return typeof x === 'number' && typeof m === 'number' && Number.isInteger(m) && m !== 0 && x % m === 0;
  },

  'plural?': (ctx) => toNumber(ctx.node()) > 1,
  'singular?': (ctx) => toNumber(ctx.node()) === 1,
};
