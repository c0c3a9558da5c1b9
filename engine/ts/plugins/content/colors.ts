// Colour formatters: color-weight (light/dark of a hex colour), website-color (HSL objects to CSS)
// and image-color (the average colours of an image's regions).
import type { Formatter } from '../../types.js';
import { asNumber, asString, getChild } from './values.js';

/** Colour weight is light above half of the largest 24-bit colour (SPEC section 9). */
const HALF_WHITE = 16777215 / 2;

const HEX_DIGITS = /^[0-9a-fA-F]{3,6}$/;

const colorWeight: Formatter = (_ctx, _args, vars) => {
  const v = asString(vars[0].value);
  let hex = v.charCodeAt(0) === 35 /* # */ ? v.slice(1) : v;
  if (!HEX_DIGITS.test(hex)) {
    vars[0].value = undefined;
    return;
  }
  if (hex.length === 3) hex = hex[0] + hex[0] + hex[1] + hex[1] + hex[2] + hex[2];
  vars[0].value = parseInt(hex, 16) > HALF_WHITE ? 'light' : 'dark';
};

/** A number rounded to two decimals, as it prints in CSS. */
function twoDecimals(n: number): string {
  return String(Number(n.toFixed(2)));
}

const websiteColor: Formatter = (_ctx, _args, vars) => {
  const c = vars[0].value;
  const hv = getChild(c, 'hue');
  const sv = getChild(c, 'saturation');
  const lv = getChild(c, 'lightness');
  if (hv === undefined || sv === undefined || lv === undefined) {
    vars[0].value = 'Missing an H/S/L value.';
    return;
  }
  const av = getChild(c, 'alpha');
  const h = asNumber(hv);
  const s = asNumber(sv);
  const l = asNumber(lv);
  const a = av === undefined ? undefined : asNumber(av);
  // Written so that NaN passes the hue and alpha checks but fails saturation and lightness,
  // as in the published engine.
  let errors = '';
  if (h < 0 || h > 360) errors += 'Hue out of bounds. ';
  if (!(s >= 0 && s <= 1)) errors += 'Saturation out of bounds. ';
  if (!(l >= 0 && l <= 1)) errors += 'Lightness out of bounds. ';
  if (a !== undefined && (a < 0 || a > 1)) errors += 'Alpha out of bounds.';
  if (errors) {
    vars[0].value = errors;
    return;
  }
  const hsl = twoDecimals(h) + ', ' + twoDecimals(s * 100) + '%, ' + twoDecimals(l * 100) + '%';
  vars[0].value = a === undefined ? 'hsl(' + hsl + ')' : 'hsla(' + hsl + ', ' + twoDecimals(a) + ')';
};

const REGIONS = ['topLeft', 'topRight', 'bottomLeft', 'bottomRight', 'center'];
const REGION_KEYS = REGIONS.map((r) => r + 'Average');
const REGION_LOWER = REGIONS.map((r) => r.toLowerCase());

/** `data-color-{region}="#rgb" ` for the five regions (each with a trailing space). */
export function colorAttributes(colorData: unknown, lowercase: boolean): string {
  const names = lowercase ? REGION_LOWER : REGIONS;
  let out = '';
  for (let i = 0; i < names.length; i++) {
    out += 'data-color-' + names[i] + '="#' + asString(getChild(colorData, REGION_KEYS[i])) + '" ';
  }
  return out;
}

const imageColor: Formatter = (_ctx, args, vars) => {
  const colorData = getChild(vars[0].value, 'colorData');
  if (colorData === undefined) {
    vars[0].value = undefined;
    return;
  }
  if (args.length === 0) {
    vars[0].value = colorAttributes(colorData, false);
    return;
  }
  const color = asString(getChild(colorData, args[0] + 'Average'));
  if (color === '') vars[0].value = '"' + args[0] + '" not found.';
  else vars[0].value = args.length > 1 ? args[1] + ': #' + color : '#' + color;
};

export const colorFormatters = {
  'color-weight': colorWeight,
  'image-color': imageColor,
  'website-color': websiteColor,
};
