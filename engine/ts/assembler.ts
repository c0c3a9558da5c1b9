// Stage 3: assembles scanned tokens and parsed tags into the block tree (plain data), reporting
// misplaced and unclosed blocks as syntax errors with line and column.
import { TOK_TAG, TOK_TEXT, lineColumn } from './scanner.js';
import { ALTERNATES, END, NONE, Parser, type NameTables, type Tag } from './parser.js';
import { compileExpr, type ExprOptions } from './expr.js';
import { Op } from './types.js';
import type {
  Code,
  EvalNode,
  IfNode,
  MacroNode,
  Node,
  OrNode,
  PredicateNode,
  RepeatedNode,
  SectionNode,
  TemplateError,
  TextNode,
} from './types.js';

const DOT = 46;
const E = 101;
const N = 110;
const D = 100;
const O = 111;
const R = 114;

type BlockNode = SectionNode | RepeatedNode | PredicateNode | IfNode | MacroNode;

/**
 * An open block. Its current body (the block's own, its last `.or`'s, or its alternates) is the
 * run of `nodes` from `start`: it becomes an array of its exact size when it ends, rather than one
 * grown push by push (a pushed-to empty array reserves 17 slots; most bodies hold one to three).
 */
interface OpenBlock {
  /** The block's op, kept here to spare reads from nodes of several shapes. */
  op: number;
  node: BlockNode;
  /** Where the current body's nodes start in `nodes`. */
  start: number;
  /** Whose body is being read: the block's op, Op.OR (its last .or) or ALTERNATES.op. */
  part: number;
  lastOr: OrNode | null;
  /** An unconditional .or was seen: anything after it never runs. */
  closedOr: boolean;
}

/** Block names in error messages. */
const LABELS: Record<number, string> = {
  [Op.SECTION]: 'SECTION',
  [Op.REPEATED]: 'REPEATED',
  [Op.PREDICATE]: 'PREDICATE',
  [Op.IF]: 'IF',
  [Op.MACRO]: 'MACRO',
};

function syntaxError(errors: TemplateError[], source: string, message: string, offset: number): void {
  const { line, column } = lineColumn(source, offset);
  errors.push({ kind: 'syntax', message, line, column });
}

/**
 * The nodes from `from` to `to` as an array of their exact size: a literal for the common short
 * bodies (a call to slice for each cost more than the exact sizes saved).
 */
function bodyOf(nodes: Node[], from: number, to: number): Node[] {
  switch (to - from) {
    case 0:
      return [];
    case 1:
      return [nodes[from]];
    case 2:
      return [nodes[from], nodes[from + 1]];
    case 3:
      return [nodes[from], nodes[from + 1], nodes[from + 2]];
    default:
      return nodes.slice(from, to);
  }
}

/**
 * Gives the open block's current body its nodes. One store per node shape (a store site that saw
 * every block shape would be megamorphic, and slower).
 */
function endPart(block: OpenBlock, body: Node[]): void {
  switch (block.part) {
    case Op.SECTION:
      (block.node as SectionNode).body = body;
      break;
    case Op.REPEATED:
      (block.node as RepeatedNode).body = body;
      break;
    case ALTERNATES.op:
      (block.node as RepeatedNode).alternates = body;
      break;
    case Op.PREDICATE:
      (block.node as PredicateNode).body = body;
      break;
    case Op.IF:
      (block.node as IfNode).body = body;
      break;
    case Op.MACRO:
      (block.node as MacroNode).body = body;
      break;
    default:
      block.lastOr!.body = body;
  }
}

/**
 * Builds the block tree. Blocks nested deeper than `maxNesting` end the compile there (the
 * compile budget): the code assembled so far is kept, with the error.
 */
export function assemble(
  source: string,
  tokens: ArrayLike<number>,
  tables: NameTables,
  exprOptions?: ExprOptions,
  maxNesting = Infinity,
): { code: Code; errors: TemplateError[] } {
  const parser = new Parser(source, tables);
  const errors: TemplateError[] = [];
  /** The macros in the order they open (their bodies are known once they end). */
  const macroNodes: MacroNode[] = [];
  /**
   * The nodes of every open body, outermost first (the root's from 0): `count` of them. The array
   * is not shortened when a body ends, only overwritten, so it grows to its peak once.
   */
  const nodes: Node[] = [];
  let count = 0;
  /** The open blocks, outermost first: `depth` of them. An ended block's object is reused. */
  const stack: OpenBlock[] = [];
  let depth = 0;
  /** The innermost open block, null at root. */
  let top: OpenBlock | null = null;
  // The last node of the current body when it is text: adjacent text (around comments, literal
  // tags, dropped instructions) becomes one node. Tracked, because reading it back from `nodes`,
  // whose nodes come in a dozen shapes, is slow.
  let lastText: TextNode | null = null;

  const tokenCount = tokens.length;
  for (let k = 0; k < tokenCount; k += 3) {
    const kind = tokens[k];
    const start = tokens[k + 1];
    if (kind === TOK_TEXT) {
      const text = source.slice(start, tokens[k + 2]);
      if (lastText !== null) lastText.text += text;
      else nodes[count++] = lastText = { op: Op.TEXT, text };
      continue;
    }
    // Comments leave nothing behind.
    if (kind !== TOK_TAG) continue;
    const end = tokens[k + 2];
    let tag: Tag;
    let op: Tag['op'];
    if (
      end - start === 6 &&
      source.charCodeAt(start + 1) === DOT &&
      source.charCodeAt(start + 2) === E &&
      source.charCodeAt(start + 3) === N &&
      source.charCodeAt(start + 4) === D
    ) {
      // `{.end}`, a third of the tags of a typical template, spared the parser's call.
      tag = END;
      op = END.op;
    } else if (
      end - start === 5 &&
      source.charCodeAt(start + 1) === DOT &&
      source.charCodeAt(start + 2) === O &&
      source.charCodeAt(start + 3) === R
    ) {
      // A bare `{.or}`, the next most common tag, likewise (the same node as the parser makes).
      tag = { op: Op.OR, pred: null, args: NONE, body: NONE, alt: null };
      op = Op.OR;
    } else {
      tag = parser.parse(start, end);
      if (parser.error !== null) syntaxError(errors, source, parser.error, start);
      op = parser.op;
    }
    switch (op) {
      case Op.TEXT: {
        const node = tag as TextNode;
        if (lastText !== null) lastText.text += node.text;
        else nodes[count++] = lastText = node;
        break;
      }
      case Op.SECTION:
      case Op.REPEATED:
      case Op.PREDICATE:
      case Op.IF:
      case Op.MACRO: {
        if (depth >= maxNesting) {
          syntaxError(errors, source, `Blocks are nested deeper than ${maxNesting}: the template is not compiled past this point`, start);
          return finish(stack, depth, nodes, count, macroNodes, errors);
        }
        const node = tag as BlockNode;
        // A macro is defined when its instruction runs (so it stays in the tree, where it is);
        // `macros` lists them by name for tools.
        if (op === Op.MACRO) macroNodes.push(node as MacroNode);
        nodes[count++] = node;
        top = stack[depth];
        if (top === undefined) {
          top = stack[depth] = { op, node, start: count, part: op, lastOr: null, closedOr: false };
        } else {
          top.op = op;
          top.node = node;
          top.start = count;
          top.part = op;
          top.lastOr = null;
          top.closedOr = false;
        }
        depth++;
        lastText = null;
        break;
      }
      case Op.OR: {
        // A misplaced .or is reported and dropped; what follows stays in the current body.
        const node = tag as OrNode;
        if (top === null) {
          syntaxError(errors, source, 'Instruction OR_PREDICATE not allowed at root', start);
        } else if (top.op === Op.MACRO) {
          syntaxError(errors, source, 'OR_PREDICATE instruction is not allowed inside MACRO block.', start);
        } else if (top.closedOr) {
          syntaxError(errors, source, 'This OR_PREDICATE block will never execute.', start);
        } else {
          endPart(top, bodyOf(nodes, top.start, count));
          count = top.start;
          if (top.lastOr !== null) top.lastOr.alt = node;
          else (top.node as SectionNode | RepeatedNode | PredicateNode | IfNode).alt = node;
          top.lastOr = node;
          top.part = Op.OR;
          top.closedOr = node.pred === null;
          lastText = null;
        }
        break;
      }
      case ALTERNATES.op:
        if (top === null) {
          syntaxError(errors, source, 'Instruction ALTERNATES_WITH not allowed at root', start);
        } else if (top.part === Op.OR) {
          syntaxError(errors, source, 'ALTERNATES_WITH instruction is not allowed inside OR_PREDICATE block.', start);
        } else if (top.op !== Op.REPEATED) {
          syntaxError(errors, source, `ALTERNATES_WITH instruction is not allowed inside ${LABELS[top.op]} block.`, start);
        } else {
          // A second `.alternates with` starts the alternates afresh, as the first one's are dropped.
          endPart(top, bodyOf(nodes, top.start, count));
          count = top.start;
          top.part = ALTERNATES.op;
          lastText = null;
        }
        break;
      case END.op: {
        if (top === null) {
          syntaxError(errors, source, 'Instruction END not allowed at root', start);
          break;
        }
        endPart(top, bodyOf(nodes, top.start, count));
        count = top.start;
        depth--;
        top = depth > 0 ? stack[depth - 1] : null;
        // The closed block (a macro too: it stays in its parent's body) ends any text before it.
        lastText = null;
        break;
      }
      case Op.EVAL: {
        const node = tag as EvalNode;
        const { code, error } = compileExpr(node.expr, exprOptions);
        node.code = code;
        node.error = error;
        nodes[count++] = node;
        lastText = null;
        break;
      }
      default:
        nodes[count++] = tag as Node;
        lastText = null;
    }
  }
  if (top !== null) syntaxError(errors, source, `Reached EOF in the middle of ${LABELS[top.op]}`, source.length);
  return finish(stack, depth, nodes, count, macroNodes, errors);
}

/**
 * Ends every open block, innermost first: the code assembled so far, with `errors`. (A function of
 * its own: a closure over the assembler's counters would move them out of registers.)
 */
function finish(
  stack: OpenBlock[],
  depth: number,
  nodes: Node[],
  count: number,
  macroNodes: MacroNode[],
  errors: TemplateError[],
): { code: Code; errors: TemplateError[] } {
  while (depth > 0) {
    const block = stack[--depth];
    endPart(block, bodyOf(nodes, block.start, count));
    count = block.start;
  }
  nodes.length = count;
  const macros: Record<string, Node[]> = {};
  for (const m of macroNodes) macros[m.name] = m.body;
  return { code: { v: 1, body: nodes, macros }, errors };
}
