// Shared tables of the expression language: RPN instruction tags, operators, functions, keywords.

// RPN instruction tags. Instructions are small tuples so that the compiled code survives JSON.
export const I_LIT = 0; //     [0, value]   string | boolean | null | finite number
export const I_NUM = 1; //     [1, 0|1]     NaN | Infinity (JSON cannot carry them)
export const I_REF = 2; //     [2, path]    variable reference, resolved when consumed
export const I_MARK = 3; //    [3]          start of a function's arguments
export const I_CALL = 4; //    [4, fn]
export const I_UNARY = 5; //   [5, op]
export const I_BINARY = 6; //  [6, op]
export const I_ASSIGN = 7; //  [7]

export type Instr = [number, unknown?];

export interface Compiled {
  /** The source, quoted in error messages. */
  s: string;
  /** One RPN program per non-empty `;`-separated expression. */
  e: Instr[][];
  /** Debug mode (`{.eval #EXPR}`): the programs as text, printed before the result. */
  d?: string;
  /** Debug mode only: the parse error, reported when the expression runs. */
  x?: string;
}

// Operators. Unary ones come first; names are the ones used in error messages.
export const O = {
  NOT: 0,
  BNOT: 1,
  NEG: 2,
  POS: 3,
  POW: 4,
  MUL: 5,
  DIV: 6,
  MOD: 7,
  ADD: 8,
  SUB: 9,
  SHL: 10,
  SHR: 11,
  LT: 12,
  LE: 13,
  GT: 14,
  GE: 15,
  EQ: 16,
  NE: 17,
  SEQ: 18,
  SNE: 19,
  BAND: 20,
  BXOR: 21,
  BOR: 22,
  AND: 23,
  OR: 24,
  ASSIGN: 25,
} as const;
export const OP_NAMES = [
  'logical not',
  'bitwise not',
  'unary minus',
  'unary plus',
  'exponent',
  'multiply',
  'divide',
  'modulus',
  'add',
  'subtract',
  'left shift',
  'right shift',
  'less than',
  'less than or equal',
  'greater than',
  'greater than or equal',
  'equality',
  'inequality',
  'strict equality',
  'strict inequality',
  'bitwise and',
  'bitwise xor',
  'bitwise or',
  'logical and',
  'logical or',
  'assign',
];
// Precedence as in JavaScript, except that prefix operators bind tighter than `**`.
export const PREC = [15, 15, 15, 15, 14, 13, 13, 13, 12, 12, 11, 11, 10, 10, 10, 10, 9, 9, 9, 9, 8, 7, 6, 5, 4, 1];
export const RIGHT_ASSOC = (op: number) => op <= O.POW || op === O.ASSIGN;

/** Operator spellings, longest first so that lexing takes the longest match. */
export const OPERATORS: [string, number][] = [
  ['===', O.SEQ],
  ['!==', O.SNE],
  ['**', O.POW],
  ['<<', O.SHL],
  ['>>', O.SHR],
  ['<=', O.LE],
  ['>=', O.GE],
  ['==', O.EQ],
  ['!=', O.NE],
  ['&&', O.AND],
  ['||', O.OR],
  ['*', O.MUL],
  ['/', O.DIV],
  ['%', O.MOD],
  ['+', O.ADD],
  ['-', O.SUB],
  ['<', O.LT],
  ['>', O.GT],
  ['&', O.BAND],
  ['^', O.BXOR],
  ['|', O.BOR],
  ['!', O.NOT],
  ['~', O.BNOT],
  ['=', O.ASSIGN],
];
export const OP_START = new Set(OPERATORS.map(([s]) => s.charCodeAt(0)));

export const F = { NUM: 0, STR: 1, BOOL: 2, MAX: 3, MIN: 4, ABS: 5 } as const;
export const FUNCTIONS: Record<string, number> = { num: F.NUM, str: F.STR, bool: F.BOOL, max: F.MAX, min: F.MIN, abs: F.ABS };
export const FUNCTION_NAMES = ['num', 'str', 'bool', 'max', 'min', 'abs'];

export const KEYWORDS: Record<string, Instr> = {
  true: [I_LIT, true],
  false: [I_LIT, false],
  null: [I_LIT, null],
  NaN: [I_NUM, 0],
  Infinity: [I_NUM, 1],
  E: [I_LIT, Math.E],
  PI: [I_LIT, Math.PI],
};
