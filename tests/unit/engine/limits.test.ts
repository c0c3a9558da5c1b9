// The engine's budgets (docs/decisions/0005-engine-render-limits.md): every hostile template of
// bench/hostile.ts ends under the default budget with the budget's error and a bounded output, the
// same on both backends; each limit stops the render cleanly and can be set per render.
import { describe, expect, it } from 'vitest';
import { compile, render, DEFAULT_LIMITS, type Backend } from '../../../engine/node.js';
import { HOSTILE } from '../../../bench/hostile.js';

const messages = (r: { errors: { message: string }[] }) => r.errors.map((e) => e.message);

describe('hostile templates under the default budget', () => {
  it.each(HOSTILE.map((h) => [h.name, h] as const))('%s ends with the limit error and bounded output', (_n, h) => {
    const results = (['ts', 'wasm'] as Backend[]).map((backend) => render(h.template, h.json, { backend }));
    const [ts, wasm] = results;
    expect(
      messages(ts).some((m) => m.startsWith(h.error)),
      messages(ts).slice(-3).join(' | '),
    ).toBe(true);
    expect(ts.errors.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxErrors + 1);
    expect(ts.output.length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxOutputLength);
    // Both backends stop at the same place with the same errors.
    expect(wasm.output === ts.output).toBe(true);
    expect(wasm.errors).toEqual(ts.errors);
  });
});

describe('each limit', () => {
  const l = { l: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] };
  it('stops at the step budget with what was rendered so far', () => {
    const tpl = 'a{.repeated section l}{@}{.end}b';
    const full = render(tpl, l).output;
    const r = render(tpl, l, { limits: { maxSteps: 6 } });
    // a, the repeated section, then items 0 to 3: the 7th instruction is refused.
    expect(r.output).toBe('a0123');
    expect(full.startsWith(r.output)).toBe(true);
    expect(messages(r)).toEqual(['Render stopped: more than 6 instructions executed']);
  });
  it('counts partial and macro calls', () => {
    const r = render('{.macro m}x{.end}{.repeated section l}{@|apply m}{.end}', l, { limits: { maxCalls: 3 } });
    expect(r.output).toBe('xxx');
    expect(messages(r)).toEqual(['Render stopped: more than 3 partial and macro calls']);
  });
  it('cuts the output at its maximum size', () => {
    const r = render('{.repeated section l}abc{.end}', l, { limits: { maxOutputLength: 10 } });
    expect(r.output).toBe('abcabcabca');
    expect(messages(r)).toEqual(['Render stopped: the output is larger than 10 characters']);
  });
  it('bounds nesting at run time across macros', () => {
    const r = render('{.macro m}[{.section a}{@|apply m}{.end}]{.end}{@|apply m}', { a: { a: 1 } }, { limits: { maxDepth: 5 } });
    expect(r.output).toBe('[[');
    expect(messages(r)).toEqual(['Render stopped: blocks nested deeper than 5']);
  });
  it('stops after too many errors', () => {
    const r = render('{.repeated section l}{@}{@|apply nope}{.end}', l, { limits: { maxErrors: 2 } });
    expect(r.output).toBe('012');
    expect(messages(r)).toEqual([
      "Attempt to apply partial 'nope' which could not be found.",
      "Attempt to apply partial 'nope' which could not be found.",
      'Render stopped: more than 2 errors',
    ]);
  });
  it('drops what an include without output made before the stop', () => {
    const r = render('a{.macro m}hidden{.repeated section l}{@}{.end}{.end}{.include m}', l, { limits: { maxSteps: 6 } });
    expect(r.output).toBe('a');
  });
  it('bounds expressions: tokens at compile time, concatenated strings at run time', () => {
    const tokens = render('[{.eval 1+1+1+1}]', {}, { limits: { maxExprTokens: 5 } });
    expect(tokens.output).toBe('[]');
    expect(messages(tokens)[0]).toContain('Expression exceeds the maximum number of allowed tokens: 5');
    const strings = render('[{.eval @s = "abcd" + "efgh"}{@s}][{.eval "ab" + "c"}]', {}, { limits: { maxExprStringLength: 5 } });
    expect(strings.output).toBe('[][abc]');
    expect(messages(strings)).toEqual([
      'Error reducing expression: @s = "abcd" + "efgh": Concatenation would exceed maximum string length 5',
    ]);
    expect(render('{.eval @s = "ab"}' + '{.eval @s = @s + @s}'.repeat(20) + '{@s}', {}).output.length).toBeLessThanOrEqual(
      DEFAULT_LIMITS.maxExprStringLength,
    );
  });
  it('refuses a template too large to compile, and blocks nested too deep, with where', () => {
    const big = compile('x'.repeat(101), { limits: { maxSourceLength: 100 } });
    expect(big.code.body).toEqual([]);
    expect(big.errors).toEqual([{ kind: 'syntax', message: 'Template is larger than 100 characters: not compiled', line: 1, column: 1 }]);
    const deep = compile('a{.section x}\n {.section y}{.section z}b{.end}{.end}{.end}', { limits: { maxNesting: 2 } });
    expect(deep.errors).toEqual([
      { kind: 'syntax', message: 'Blocks are nested deeper than 2: the template is not compiled past this point', line: 2, column: 14 },
    ]);
    expect(render(deep.code, { x: { y: 1 } }).output).toBe('a\n ');
  });
  it('applies the compile budget to partials', () => {
    const r = render('{a|apply p}', { a: 1 }, { partials: { p: '{.section a}{.section a}x{.end}{.end}' }, limits: { maxNesting: 1 } });
    expect(messages(r)[0]).toContain('Blocks are nested deeper than 1');
  });
  // Text, variables and single-text predicates run as one step (executor.ts compileRun): the
  // budget still stops them at the node where it runs out, as node by node.
  describe('inside a run of text, variables and predicates', () => {
    const n = { l: [1, 2, 3, 4] };
    it('stops at the instruction the budget refuses', () => {
      // 'a', the section, then 5 nodes per item: the 16th instruction is item 3's second {@}.
      const r = render('a{.repeated section l}<{@}|{@}>{.end}b', n, { limits: { maxSteps: 15 } });
      expect(r.output).toBe('a<1|1><2|2><3|');
      expect(messages(r)).toEqual(['Render stopped: more than 15 instructions executed']);
    });
    it('counts a predicate body that runs as one more instruction', () => {
      // The section, then per item '<', odd?, its body when odd, '>': 1 + 4 + 3 + 4 = 12 for three items.
      const tpl = '{.repeated section l}<{.odd?}o{.end}>{.end}';
      expect(render(tpl, n).output).toBe('<o><><o><>');
      const r = render(tpl, n, { limits: { maxSteps: 12 } });
      expect(r.output).toBe('<o><><o>');
      expect(messages(r)).toEqual(['Render stopped: more than 12 instructions executed']);
    });
    it('cuts the output where it runs out', () => {
      const r = render('{.repeated section l}<{@}>{.end}', n, { limits: { maxOutputLength: 7 } });
      expect(r.output).toBe('<1><2><');
      expect(messages(r)).toEqual(['Render stopped: the output is larger than 7 characters']);
    });
    it('stops before a formatter runs past the output budget', () => {
      // A lone surrogate makes url-encode report an error: none is reported after the output is full.
      const r = render('{.repeated section l}<{@}{s|url-encode}>{.end}', { ...n, s: '\ud800' }, { limits: { maxOutputLength: 5 } });
      expect(r.output).toBe('<1><2');
      expect(messages(r).slice(-1)).toEqual(['Render stopped: the output is larger than 5 characters']);
      expect(messages(r).length).toBe(3);
    });
    it('stops at the error one too many, with the output before it', () => {
      const r = render('{.repeated section l}<{s|url-encode}>{.end}', { ...n, s: '\ud800' }, { limits: { maxErrors: 2 } });
      expect(r.output).toBe('<><><');
      expect(messages(r).length).toBe(3);
      expect(messages(r)[2]).toBe('Render stopped: more than 2 errors');
    });
    it('refuses a predicate body one block too deep', () => {
      // Depth: the root block, the section's body, then the predicate's body (the 3rd).
      const tpl = 'a{.section o}b{.odd? v}x{.end}c{.end}';
      expect(render(tpl, { o: { v: 1 } }).output).toBe('abxc');
      const r = render(tpl, { o: { v: 1 } }, { limits: { maxDepth: 2 } });
      expect(r.output).toBe('ab');
      expect(messages(r)).toEqual(['Render stopped: blocks nested deeper than 2']);
    });
  });
  it('lifts a limit set to Infinity, and keeps the defaults for the others', () => {
    const tpl = '{.repeated section l}{@}{.end}';
    expect(render(tpl, l, { limits: { maxSteps: Infinity } }).output).toBe('0123456789');
    expect(render(tpl, l, { limits: { maxCalls: 1 } }).output).toBe('0123456789');
  });
});
