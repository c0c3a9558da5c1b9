// The public API around compile and render: configured engines (tables merged once), the exported
// enumerations, and the engine's module graph (no import cycles).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  CollectionType,
  compile,
  createEngine,
  PageType,
  ProductType,
  RecordType,
  render,
  valueFormatter,
  type Formatter,
  type FormatterTable,
  type Predicate,
} from '../../../engine/node.js';

const shout: Formatter = (_ctx, _args, vars) => {
  vars[0].value = String(vars[0].value).toUpperCase() + '!';
};
const isBig: Predicate = (ctx) => Number(ctx.node()) > 10;

/** A formatter table that counts how often it is enumerated (each merge enumerates it once). */
function countingTable(table: FormatterTable): { table: FormatterTable; merges: () => number } {
  let n = 0;
  const table2 = new Proxy(table, {
    ownKeys(t) {
      n++;
      return Reflect.ownKeys(t);
    },
  });
  return { table: table2, merges: () => n };
}

describe('createEngine', () => {
  it('compiles and renders with its own formatters and predicates, in partials too', () => {
    const engine = createEngine({ formatters: { shout }, predicates: { 'big?': isBig } });
    const { code, errors } = engine.compile('{a|shout} {.section n}{.big?}big{.or}small{.end}{.end} {b|apply p}');
    expect(errors).toEqual([]);
    const out = engine.render(code, { a: 'hi', n: 12, b: 'x' }, { partials: { p: '{@|shout|html}' } });
    expect(out.errors).toEqual([]);
    expect(out.output).toBe('HI! big X!');
    // The built-ins are still there, and the default compile does not know the engine's names.
    expect(engine.render('{a|json}', { a: 'q' }).output).toBe('"q"');
    expect(compile('{a|shout}').errors[0]?.message).toMatch(/shout/);
  });

  it('merges its tables once, however many calls it serves', () => {
    const counted = countingTable({ shout });
    const engine = createEngine({ formatters: counted.table });
    const after = counted.merges();
    const tables = engine.formatters;
    for (let i = 0; i < 20; i++) {
      const { code } = engine.compile('{a|shout}');
      expect(engine.render(code, { a: 'x' }).output).toBe('X!');
      expect(engine.render('{a|shout}{b|apply p}', { a: 'y', b: 'z' }, { partials: { p: '{@|shout}' } }).output).toBe('Y!Z!');
    }
    expect(counted.merges()).toBe(after);
    expect(engine.formatters).toBe(tables);
  });

  it('remembers the merge of a table passed to the plain compile and render', () => {
    const counted = countingTable({ shout });
    for (let i = 0; i < 10; i++) {
      expect(compile('{a|shout}', { formatters: counted.table }).errors).toEqual([]);
      expect(render('{a|shout}', { a: 'w' }, { formatters: counted.table }).output).toBe('W!');
    }
    expect(counted.merges()).toBe(1);
  });

  it('uses its backend unless a call names one, with the same output on both', () => {
    const src = '{.repeated section l}<{@|html}>{.alternates with}, {.end}';
    const json = { l: ['a&b', 'é<', 'x'.repeat(300) + '<'] };
    const wasm = createEngine({ backend: 'wasm' });
    const ts = createEngine({ backend: 'ts' });
    expect(wasm.render(wasm.compile(src).code, json).output).toBe(ts.render(ts.compile(src).code, json).output);
    expect(wasm.render(src, json, { backend: 'ts' }).output).toBe(render(src, json).output);
  });

  it('binds limits to the engine, and a call may give its own', () => {
    const engine = createEngine({ limits: { maxOutputLength: 3 } });
    const cut = engine.render('{a}', { a: 'abcdef' });
    expect(cut.output.length).toBeLessThanOrEqual(3);
    expect(cut.errors.some((e) => /Render stopped/.test(e.message))).toBe(true);
    expect(engine.render('{a}', { a: 'abcdef' }, { limits: { maxOutputLength: 100 } }).output).toBe('abcdef');
  });
});

describe('value formatters', () => {
  // A formatter of the value alone runs without chain objects and inside runs of text (one
  // step); it must print what its vars form prints, alone, chained, in a run or not.
  const wrap = valueFormatter((_ctx, args, v) => (args[0] ?? '[') + String(v) + ']');
  const engine = createEngine({ formatters: { wrap } });
  it('prints what its vars form prints, in a run of text and on its own', () => {
    const vars = [{ value: 'x' as unknown }];
    wrap(undefined as never, ['<'], vars);
    expect(vars[0].value).toBe('<x]');
    const json = { l: [{ a: 1 }, { a: 2 }] };
    expect(engine.render('{.repeated section l}a={a|wrap}|{a|wrap <|html}{.end}', json).output).toBe('a=[1]|&lt;1]a=[2]|&lt;2]');
    expect(engine.render('{.repeated section l}{.var @b a}{@b|wrap}{.end}', json).output).toBe('[1][2]');
  });
  it('reports an error it throws, and prints nothing for that value', () => {
    const boom = valueFormatter(() => {
      throw new Error('boom');
    });
    const r = createEngine({ formatters: { boom } }).render('<{a|boom}>', { a: 1 });
    expect(r.output).toBe('<>');
    expect(r.errors.map((e) => e.message)).toEqual(["Unexpected error in formatter 'boom': boom"]);
  });
});

describe('public enumerations', () => {
  const values = (o: Record<string, number>) => Object.values(o).sort((a, b) => a - b);

  it('lists the page types of SPEC 2', () => {
    expect(values(PageType)).toEqual([
      1, 2, 3, 50, 100, 101, 102, 103, 104, 105, 106, 107, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 300, 301, 400,
    ]);
    expect(PageType.CONTENT_ITEM).toBe(50);
    expect(PageType.SHOW_CART).toBe(200);
  });

  it('lists the product, record and collection types of SPEC 3', () => {
    expect(ProductType).toEqual({ PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4 });
    expect(values(RecordType)).toEqual([1, 2, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 30, 31, 50, 52, 54, 62]);
    expect(RecordType.STORE_ITEM).toBe(11);
    expect(values(CollectionType)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18, 24, 25]);
    expect(CollectionType.PRODUCTS).toBe(13);
  });

  it('is what the engine itself tests against', () => {
    const product = (t: number) => ({ structuredContent: { productType: t, variants: [{ price: 100, unlimited: true }] } });
    const t = '{.section item}{.sold-out?}sold out{.or}in stock{.end}{.end}';
    expect(render(t, { item: product(ProductType.PHYSICAL) }).output).toBe('in stock');
    expect(render('{.section item}{.store-item?}S{.or}-{.end}{.end}', { item: { recordType: RecordType.STORE_ITEM } }).output).toBe('S');
    expect(render('{.collection-template-page?}T{.or}-{.end}', { collection: { type: CollectionType.TEMPLATE_PAGE } }).output).toBe('T');
  });
});

describe('module graph', () => {
  const engineDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../engine');

  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) return f === 'node_modules' ? [] : files(p);
      return /\.ts$/.test(f) && !f.endsWith('.d.ts') ? [p] : [];
    });
  }

  it('has no import cycles in engine/, type-only imports included', () => {
    const all = files(engineDir);
    const known = new Set(all);
    const edges = new Map<string, string[]>();
    const spec = /(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/g;
    for (const f of all) {
      const out: string[] = [];
      for (const m of readFileSync(f, 'utf8').matchAll(spec)) {
        const target = resolve(dirname(f), m[1]).replace(/\.js$/, '.ts');
        const t = known.has(target)
          ? target
          : known.has(join(target.replace(/\.ts$/, ''), 'index.ts'))
            ? join(target.replace(/\.ts$/, ''), 'index.ts')
            : null;
        if (t) out.push(t);
      }
      edges.set(f, out);
    }
    expect(edges.get(join(engineDir, 'ts/context.ts'))!.length).toBeGreaterThan(0);
    const cycles: string[] = [];
    const state = new Map<string, 1 | 2>();
    const stack: string[] = [];
    const visit = (f: string) => {
      state.set(f, 1);
      stack.push(f);
      for (const g of edges.get(f) ?? []) {
        if (state.get(g) === 1)
          cycles.push(
            stack
              .slice(stack.indexOf(g))
              .concat(g)
              .map((p) => p.slice(engineDir.length + 1))
              .join(' -> '),
          );
        else if (!state.has(g)) visit(g);
      }
      stack.pop();
      state.set(f, 2);
    };
    for (const f of all) if (!state.has(f)) visit(f);
    expect(cycles).toEqual([]);
  });
});
