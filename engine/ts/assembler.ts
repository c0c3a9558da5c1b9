// Stage 3: assembles scanned tokens and parsed instructions into the block tree (plain data),
// reporting misplaced and unclosed blocks as syntax errors with line and column.
import { TOK_COMMENT, TOK_MCOMMENT, TOK_TAG, TOK_TEXT, lineColumn } from './scanner.js';
import { parseTag, type NameTables } from './parser.js';
import { compileExpr, type ExprOptions } from './expr.js';
import { Op } from './types.js';
import type { Code, Node, OrNode, RepeatedNode, TemplateError } from './types.js';

type BlockNode = Extract<Node, { body: Node[] }> & { alt?: OrNode | null };

interface OpenBlock {
  node: BlockNode;
  /** Name used in error messages. */
  label: string;
  /** Where the next instruction goes. */
  target: Node[];
  lastOr: OrNode | null;
  /** An unconditional .or was seen: anything after it never runs. */
  closedOr: boolean;
  inOr: boolean;
}

const LABELS: Record<number, string> = {
  [Op.SECTION]: 'SECTION',
  [Op.REPEATED]: 'REPEATED',
  [Op.PREDICATE]: 'PREDICATE',
  [Op.IF]: 'IF',
  [Op.MACRO]: 'MACRO',
};

function appendText(target: Node[], text: string): void {
  const last = target[target.length - 1];
  if (last !== undefined && last.op === Op.TEXT) last.text += text;
  else target.push({ op: Op.TEXT, text });
}

export function assemble(source: string, tokens: ArrayLike<number>, tables: NameTables, exprOptions?: ExprOptions): { code: Code; errors: TemplateError[] } {
  const errors: TemplateError[] = [];
  const root: Node[] = [];
  const macros: Record<string, Node[]> = {};
  const stack: OpenBlock[] = [];
  let target = root;

  const syntax = (message: string, offset: number) => {
    const { line, column } = lineColumn(source, offset);
    errors.push({ kind: 'syntax', message, line, column });
  };
  const open = (node: BlockNode) => {
    const b: OpenBlock = { node, label: LABELS[node.op], target: node.body, lastOr: null, closedOr: false, inOr: false };
    stack.push(b);
    target = b.target;
  };

  for (let k = 0; k < tokens.length; k += 3) {
    const kind = tokens[k];
    const start = tokens[k + 1];
    const end = tokens[k + 2];
    if (kind === TOK_TEXT) {
      appendText(target, source.slice(start, end));
      continue;
    }
    if (kind === TOK_COMMENT || kind === TOK_MCOMMENT) continue;
    if (kind !== TOK_TAG) continue;
    const raw = source.slice(start, end);
    const { instr, error } = parseTag(raw.slice(1, -1), raw, tables);
    if (error) syntax(error, start);
    const top = stack[stack.length - 1];
    switch (instr.t) {
      case 'text':
        appendText(target, instr.text);
        break;
      case 'variable':
        target.push({ op: Op.VARIABLE, vars: instr.vars, fmt: instr.fmt });
        break;
      case 'section': {
        const node: BlockNode = { op: Op.SECTION, path: instr.path, body: [], alt: null };
        target.push(node);
        open(node);
        break;
      }
      case 'repeated': {
        const node: BlockNode = { op: Op.REPEATED, path: instr.path, body: [], alternates: null, alt: null };
        target.push(node);
        open(node);
        break;
      }
      case 'predicate': {
        const node: BlockNode = { op: Op.PREDICATE, pred: instr.pred, args: instr.args, body: [], alt: null };
        target.push(node);
        open(node);
        break;
      }
      case 'if': {
        const node: BlockNode = { op: Op.IF, pred: instr.pred, args: instr.args, paths: instr.paths, ops: instr.ops, body: [], alt: null };
        target.push(node);
        open(node);
        break;
      }
      case 'macro': {
        const node: BlockNode = { op: Op.MACRO, name: instr.name, body: [] };
        macros[instr.name] = node.body;
        open(node);
        break;
      }
      case 'or': {
        // A misplaced .or is reported and dropped; what follows stays in the current body.
        if (!top) {
          syntax('Instruction OR_PREDICATE not allowed at root', start);
          break;
        }
        if (top.node.op === Op.MACRO) {
          syntax('OR_PREDICATE instruction is not allowed inside MACRO block.', start);
          break;
        }
        if (top.closedOr) {
          syntax('This OR_PREDICATE block will never execute.', start);
          break;
        }
        const or: OrNode = { op: Op.OR, pred: instr.pred, args: instr.args, body: [], alt: null };
        if (top.lastOr) top.lastOr.alt = or;
        else top.node.alt = or;
        top.lastOr = or;
        top.inOr = true;
        top.closedOr = instr.pred === null;
        top.target = target = or.body;
        break;
      }
      case 'alternates': {
        if (!top) {
          syntax('Instruction ALTERNATES_WITH not allowed at root', start);
        } else if (top.inOr) {
          syntax('ALTERNATES_WITH instruction is not allowed inside OR_PREDICATE block.', start);
        } else if (top.node.op !== Op.REPEATED) {
          syntax(`ALTERNATES_WITH instruction is not allowed inside ${top.label} block.`, start);
        } else {
          const rep = top.node as RepeatedNode;
          rep.alternates = [];
          top.target = target = rep.alternates;
        }
        break;
      }
      case 'end': {
        if (!top) {
          syntax('Instruction END not allowed at root', start);
          break;
        }
        stack.pop();
        target = stack.length ? stack[stack.length - 1].target : root;
        break;
      }
      case 'var':
      case 'bindvar':
        target.push({ op: instr.t === 'var' ? Op.VAR : Op.BINDVAR, name: instr.name, vars: instr.vars, fmt: instr.fmt });
        break;
      case 'ctx':
        target.push({ op: Op.CTX, name: instr.name, bindings: instr.bindings });
        break;
      case 'eval': {
        const { code, error: exprError } = compileExpr(instr.expr, exprOptions);
        target.push({ op: Op.EVAL, expr: instr.expr, code, error: exprError });
        break;
      }
      case 'include':
        target.push({ op: Op.INCLUDE, name: instr.name, args: instr.args });
        break;
      case 'inject':
        target.push({ op: Op.INJECT, name: instr.name, path: instr.path, args: instr.args });
        break;
    }
  }
  if (stack.length) syntax(`Reached EOF in the middle of ${stack[stack.length - 1].label}`, source.length);
  return { code: { v: 1, body: root, macros }, errors };
}
