// Hostile templates, as an owner could save them in /config: each one, unbounded, takes the
// process down or blocks it (issue 10). Shared by tests/unit/limits.test.ts and bench/run.ts.

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

export interface Hostile {
  name: string;
  template: string;
  json: unknown;
  /** The start of the error that must end the render (or the compile). */
  error: string;
}

export const HOSTILE: Hostile[] = [
  {
    // 60 characters; three calls per level, 3^16 calls without the published engine's rule that a
    // refused recursion counts against the rest of the render.
    name: 'exponential macro',
    template: '{.macro m}y{@|apply m}{@|apply m}{@|apply m}{.end}{@|apply m}',
    json: {},
    error: 'Attempt to apply partial',
  },
  {
    // The same, spread over 16 macros so that no call is refused for depth: 3^15 calls.
    name: 'exponential macro chain',
    template:
      range(15)
        .map((i) => `{.macro m${i}}y{@|apply m${i + 1}}{@|apply m${i + 1}}{@|apply m${i + 1}}{.end}`)
        .join('') + '{.macro m15}z{.end}{@|apply m0}',
    json: {},
    error: 'Render stopped: more than 10000 partial and macro calls',
  },
  {
    name: 'eval string doubling',
    template: '{.eval @s = "ab"}' + '{.eval @s = @s + @s}'.repeat(40) + '{.repeated section l}{.eval @s}{.end}',
    json: { l: range(10_000) },
    error: 'Render stopped: the output is larger than',
  },
  {
    name: 'repeat 200x200x200',
    template: '{.repeated section l}{.repeated section l}{.repeated section l}x{.end}{.end}{.end}',
    json: { l: Array(200).fill({ l: Array(200).fill({ l: range(200) }) }) },
    error: 'Render stopped: more than 1000000 instructions executed',
  },
  {
    name: '100,000 nested sections',
    template: '{.section a}'.repeat(100_000) + 'x' + '{.end}'.repeat(100_000),
    json: { a: { a: 1 } },
    error: 'Template is larger than',
  },
  {
    name: '20,000 nested sections',
    template: '{.section a}'.repeat(20_000) + 'x' + '{.end}'.repeat(20_000),
    json: { a: { a: 1 } },
    error: 'Blocks are nested deeper than 100',
  },
  {
    // Nesting that the compile budget allows, multiplied at run time by recursion.
    name: 'deep recursion',
    template: '{.macro m}' + '{.section @}'.repeat(90) + '{@|apply m}' + '{.end}'.repeat(90) + '{.end}{a|apply m}',
    json: { a: { k: 1 } },
    error: 'Render stopped: blocks nested deeper than 200',
  },
  {
    name: 'error flood',
    template: '{.repeated section l}{@|apply nope}{.end}',
    json: { l: range(100_000) },
    error: 'Render stopped: more than 100 errors',
  },
  {
    name: 'wide output',
    template: '{.repeated section l}{s}{.end}',
    json: { l: range(1000), s: 'x'.repeat(100_000) },
    error: 'Render stopped: the output is larger than',
  },
];
