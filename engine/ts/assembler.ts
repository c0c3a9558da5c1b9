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

interface OpenBlock {
  /** The block's op, kept here to spare reads from nodes of several shapes. */
  op: number;
  node: BlockNode;
  /** Where the next instruction goes. */
  target: Node[];
  lastOr: OrNode | null;
  /** An unconditional .or was seen: anything after it never runs. */
  closedOr: boolean;
  inOr: boolean;
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
  const root: Node[] = [];
  const macros: Record<string, Node[]> = {};
  const stack: OpenBlock[] = [];
  /** The innermost open block (the top of the stack), null at root. */
  let top: OpenBlock | null = null;
  let target = root;
  // The last node of `target` when it is text: adjacent text (around comments, literal tags,
  // dropped instructions) becomes one node. Tracked, because reading it back from `target`, whose
  // nodes come in a dozen shapes, is slow.
  let lastText: TextNode | null = null;

  const count = tokens.length;
  for (let k = 0; k < count; k += 3) {
    const kind = tokens[k];
    const start = tokens[k + 1];
    if (kind === TOK_TEXT) {
      const text = source.slice(start, tokens[k + 2]);
      if (lastText !== null) lastText.text += text;
      else target.push((lastText = { op: Op.TEXT, text }));
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
      tag = { op: Op.OR, pred: null, args: NONE, body: [], alt: null };
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
        else target.push((lastText = node));
        break;
      }
      case Op.SECTION:
      case Op.REPEATED:
      case Op.PREDICATE:
      case Op.IF: {
        if (stack.length >= maxNesting) return tooDeep(source, start, maxNesting, root, macros, errors);
        const node = tag as SectionNode | RepeatedNode | PredicateNode | IfNode;
        target.push(node);
        top = { op, node, target: node.body, lastOr: null, closedOr: false, inOr: false };
        stack.push(top);
        target = node.body;
        lastText = null;
        break;
      }
      case Op.MACRO: {
        if (stack.length >= maxNesting) return tooDeep(source, start, maxNesting, root, macros, errors);
        // A macro is defined when its instruction runs (so it stays in the tree, where it is);
        // `macros` lists them by name for tools.
        const node = tag as MacroNode;
        macros[node.name] = node.body;
        target.push(node);
        top = { op, node, target: node.body, lastOr: null, closedOr: false, inOr: false };
        stack.push(top);
        target = node.body;
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
          if (top.lastOr !== null) top.lastOr.alt = node;
          else (top.node as SectionNode | RepeatedNode | PredicateNode | IfNode).alt = node;
          top.lastOr = node;
          top.inOr = true;
          top.closedOr = node.pred === null;
          top.target = target = node.body;
          lastText = null;
        }
        break;
      }
      case ALTERNATES.op:
        if (top === null) {
          syntaxError(errors, source, 'Instruction ALTERNATES_WITH not allowed at root', start);
        } else if (top.inOr) {
          syntaxError(errors, source, 'ALTERNATES_WITH instruction is not allowed inside OR_PREDICATE block.', start);
        } else if (top.op !== Op.REPEATED) {
          syntaxError(errors, source, `ALTERNATES_WITH instruction is not allowed inside ${LABELS[top.op]} block.`, start);
        } else {
          const rep = top.node as RepeatedNode;
          rep.alternates = [];
          top.target = target = rep.alternates;
          lastText = null;
        }
        break;
      case END.op: {
        if (top === null) {
          syntaxError(errors, source, 'Instruction END not allowed at root', start);
          break;
        }
        stack.pop();
        const closedMacro = top.op === Op.MACRO;
        top = stack.length > 0 ? stack[stack.length - 1] : null;
        target = top === null ? root : top.target;
        // The closed block ends its parent's body, unless it is a macro (kept apart): then text
        // may follow on from the text before it.
        lastText = null;
        if (closedMacro && target.length > 0) {
          const last = target[target.length - 1];
          if (last.op === Op.TEXT) lastText = last;
        }
        break;
      }
      case Op.EVAL: {
        const node = tag as EvalNode;
        const { code, error } = compileExpr(node.expr, exprOptions);
        node.code = code;
        node.error = error;
        target.push(node);
        lastText = null;
        break;
      }
      default:
        target.push(tag as Node);
        lastText = null;
    }
  }
  if (top !== null) syntaxError(errors, source, `Reached EOF in the middle of ${LABELS[top.op]}`, source.length);
  return { code: { v: 1, body: root, macros }, errors };
}

/** Ends a compile at a block nested too deep: what was assembled so far, and the error. */
function tooDeep(
  source: string,
  offset: number,
  max: number,
  root: Node[],
  macros: Record<string, Node[]>,
  errors: TemplateError[],
): { code: Code; errors: TemplateError[] } {
  syntaxError(errors, source, `Blocks are nested deeper than ${max}: the template is not compiled past this point`, offset);
  return { code: { v: 1, body: root, macros }, errors };
}
