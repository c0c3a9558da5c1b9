// Colours as owners type them: hex, rgb() and hsl() with alpha, normalised to one form, and the
// bounds messages of SPEC 3 and 5 for what is out of range.
import { describe, expect, it } from 'vitest';
import { COLOUR_TEXT, colourCss, hslToRgb, paletteOf, parseColour } from '../../../app/design/colour.js';

const css = (t: string) => {
  const c = parseColour(t);
  return c.ok ? c.css : `error: ${c.error}`;
};

describe('parseColour', () => {
  it('reads hex of 3 or 6 digits, with or without #, into lower-case #rrggbb', () => {
    expect(css('#2C5C6A')).toBe('#2c5c6a');
    expect(css('2c5c6a')).toBe('#2c5c6a');
    expect(css('#fff')).toBe('#ffffff');
    expect(css('  #AbC ')).toBe('#aabbcc');
  });

  it('refuses hex of any other length or with other characters', () => {
    for (const t of ['#ff', '#ffff', '#12345', '#1234567', '#12345678', '#ggg', '#']) expect(css(t)).toBe(`error: ${COLOUR_TEXT.hex}`);
  });

  it('reads rgb() and rgba(), comma or space syntax, percentages and alpha', () => {
    expect(css('rgb(44, 92, 106)')).toBe('#2c5c6a');
    expect(css('rgb(44 92 106)')).toBe('#2c5c6a');
    expect(css('RGBA(44, 92, 106, 1)')).toBe('#2c5c6a');
    expect(css('rgba(44, 92, 106, 0.5)')).toBe('rgba(44, 92, 106, 0.5)');
    expect(css('rgb(44 92 106 / 50%)')).toBe('rgba(44, 92, 106, 0.5)');
    expect(css('rgb(100%, 0%, 50%)')).toBe('#ff0080');
    expect(css('rgba(0, 0, 0, 0)')).toBe('rgba(0, 0, 0, 0)');
  });

  it('reads hsl() and hsla() with saturation and lightness as percentages or fractions 0-1', () => {
    expect(css('hsl(0, 100%, 50%)')).toBe('#ff0000');
    expect(css('hsl(120 100% 25%)')).toBe('#008000');
    expect(css('hsl(240, 1, 0.5)')).toBe('#0000ff');
    expect(css('hsl(360deg, 0%, 100%)')).toBe('#ffffff');
    expect(css('hsla(0, 100%, 50%, .25)')).toBe('rgba(255, 0, 0, 0.25)');
    expect(css('hsl(0 100% 50% / 0.5)')).toBe('rgba(255, 0, 0, 0.5)');
  });

  it('answers out-of-range values with the spec texts', () => {
    expect(css('hsl(361, 50%, 50%)')).toBe('error: Hue out of bounds.');
    expect(css('hsl(-1, 50%, 50%)')).toBe('error: Hue out of bounds.');
    expect(css('hsl(10, 101%, 50%)')).toBe('error: Saturation out of bounds.');
    expect(css('hsl(10, 1.5, 0.5)')).toBe('error: Saturation out of bounds.');
    expect(css('hsl(10, 50%, 120%)')).toBe('error: Lightness out of bounds.');
    expect(css('hsla(10, 50%, 50%, 1.2)')).toBe('error: Alpha out of bounds.');
    expect(css('rgba(1, 2, 3, -0.1)')).toBe('error: Alpha out of bounds.');
    expect(css('hsl(10, 50%)')).toBe('error: Missing an H/S/L value.');
    expect(css('rgb(256, 0, 0)')).toBe(`error: ${COLOUR_TEXT.red}`);
    expect(css('rgb(0, -1, 0)')).toBe(`error: ${COLOUR_TEXT.green}`);
    expect(css('rgb(0, 0, 300)')).toBe(`error: ${COLOUR_TEXT.blue}`);
    expect(css('rgb(0, 0)')).toBe(`error: ${COLOUR_TEXT.missingRgb}`);
  });

  it('refuses what is not a colour it reads', () => {
    for (const t of ['', 'red', 'rgb(a, b, c)', 'cmyk(0, 0, 0, 0)', 'rgb(1, 2, 3', 'hsl(1, 2%, 3%, 0.5 / 1)', 'url(x)'])
      expect(css(t)).toBe(`error: ${COLOUR_TEXT.unknown}`);
  });
});

describe('colourCss and hslToRgb', () => {
  it('writes opaque colours as hex and others as rgba with alpha to 3 places', () => {
    expect(colourCss({ r: 0, g: 15, b: 255, a: 1 })).toBe('#000fff');
    expect(colourCss({ r: 1, g: 2, b: 3, a: 0.12345 })).toBe('rgba(1, 2, 3, 0.123)');
  });
  it('turns HSL into RGB', () => {
    expect(hslToRgb(194, 0.41, 0.29)).toEqual({ r: 44, g: 90, b: 104 });
    expect(hslToRgb(0, 0, 0.5)).toEqual({ r: 128, g: 128, b: 128 });
  });
});

describe('paletteOf', () => {
  it("lists the distinct colours of a stylesheet's custom properties, in order, at most max", () => {
    const sheet =
      ':root { --ink: #26303f; --paper: #FBF9F4; --again: #26303f; --shadow: 0 1px 2px rgba(0,0,0,.1); --sea: rgb(63, 123, 140); }';
    expect(paletteOf(sheet)).toEqual(['#26303f', '#fbf9f4', '#3f7b8c']);
    expect(paletteOf(sheet, 2)).toEqual(['#26303f', '#fbf9f4']);
  });
});
