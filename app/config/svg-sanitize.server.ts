// The sanitiser of uploaded SVG files (issue 28): sanitize-html parsing the file as XML, with an
// allow-list of SVG's drawing elements and presentation attributes. Nothing that runs is on it: no
// script (in any namespace), no foreignObject, no on* attribute, no link but to the file's own
// fragments or to embedded raster images. What it keeps is what the file manager stores.
import sanitizeHtml from 'sanitize-html';

// SVG 1.1/2 elements that draw, group, define or describe. Left out on purpose: script,
// foreignObject (embeds HTML), a (a link a visitor could be sent through), animate and set (they
// can set href to javascript: after the check), and every element with a namespace prefix.
const ELEMENTS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'metadata',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'style',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
  'filter',
  'view',
  'animateTransform',
  'animateMotion',
  'mpath',
  ...[
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
  ],
];

// Geometry, presentation and text attributes, and the namespace declarations an SVG file needs.
const ATTRIBUTES = [
  ...['id', 'class', 'style', 'lang', 'xml:lang', 'xml:space', 'xmlns', 'xmlns:xlink', 'version', 'baseProfile'],
  ...['href', 'xlink:href', 'xlink:title', 'viewBox', 'preserveAspectRatio', 'transform', 'x', 'y', 'x1', 'y1', 'x2', 'y2'],
  ...['cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'width', 'height', 'd', 'points', 'pathLength', 'dx', 'dy', 'rotate'],
  ...['fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit'],
  ...['stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color', 'display', 'visibility', 'overflow'],
  ...['clip-path', 'clip-rule', 'mask', 'filter', 'marker-start', 'marker-mid', 'marker-end', 'paint-order', 'vector-effect'],
  ...['font-family', 'font-size', 'font-style', 'font-weight', 'font-variant', 'font-stretch', 'text-anchor', 'letter-spacing'],
  ...['word-spacing', 'text-decoration', 'dominant-baseline', 'alignment-baseline', 'baseline-shift', 'writing-mode'],
  ...['textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side'],
  ...['offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'patternUnits'],
  ...['patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits', 'markerUnits'],
  ...['markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'filterUnits', 'primitiveUnits', 'in', 'in2', 'result'],
  ...['stdDeviation', 'mode', 'operator', 'k1', 'k2', 'k3', 'k4', 'values', 'type', 'tableValues', 'slope', 'intercept'],
  ...['amplitude', 'exponent', 'scale', 'xChannelSelector', 'yChannelSelector', 'radius', 'flood-color', 'flood-opacity'],
  ...['lighting-color', 'surfaceScale', 'diffuseConstant', 'specularConstant', 'specularExponent', 'kernelMatrix', 'order'],
  ...['divisor', 'bias', 'targetX', 'targetY', 'edgeMode', 'preserveAlpha', 'azimuth', 'elevation', 'z', 'pointsAtX'],
  ...['pointsAtY', 'pointsAtZ', 'limitingConeAngle', 'baseFrequency', 'numOctaves', 'seed', 'stitchTiles', 'color-interpolation'],
  ...['color-interpolation-filters', 'shape-rendering', 'text-rendering', 'image-rendering', 'mix-blend-mode', 'isolation'],
  ...['attributeName', 'attributeType', 'begin', 'dur', 'end', 'repeatCount', 'repeatDur', 'from', 'to', 'by', 'keyTimes'],
  ...['keySplines', 'keyPoints', 'calcMode', 'additive', 'accumulate', 'restart', 'path', 'requiredFeatures', 'systemLanguage'],
  ...['media'],
];

// Where a link may lead: a fragment of this file, or an embedded PNG, JPEG, GIF or WebP image.
const SAFE_LINK = /^(#[\w.:-]*|data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*)$/i;
// In a style: url() only to a fragment of this file; no @import, no expression(), no escapes that
// could spell either.
const UNSAFE_STYLE = /url\s*\(\s*(?!['"]?#)|@import|expression\s*\(|\\|behavior\s*:|-moz-binding/i;
// What makes a refused file's message honest: the file tried to run something.
const SCRIPTY_ELEMENT = /(^|:)(script|foreignobject|iframe|embed|object|handler|listener)$/i;
const ENTITY = /&(#x?[0-9a-f]+|[a-z]+);?/gi;

/** An attribute value as a browser reads it: character references decoded, blanks and controls dropped. */
function plain(value: string): string {
  const decoded = value.replace(ENTITY, (m, ref: string) => {
    if (ref[0] !== '#') return m;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
  return decoded.replace(/[\u0000-\u0020\u007f]/g, '');
}

export interface SanitizedSvg {
  /** The file as stored: the allowed elements and attributes only. */
  svg: string;
  /** The file held something that runs (a script in any namespace, an event handler, a javascript: URL). */
  scripts: boolean;
}

/** `text` (a whole SVG file) through the allow-list. */
export function sanitizeSvg(text: string): SanitizedSvg {
  // An entity declared in the file is markup the XML parser would paste in after any check.
  let scripts = /<!ENTITY/i.test(text);
  const options: sanitizeHtml.IOptions = {
    parser: { xmlMode: true, decodeEntities: false },
    allowedTags: ELEMENTS,
    allowedAttributes: { '*': ATTRIBUTES },
    // The only schemes are those SAFE_LINK lets through; sanitize-html's own URL check stays off
    // for data: images, so every link is checked in transformTags below.
    allowedSchemes: ['data'],
    allowedSchemesAppliedToAttributes: [],
    allowProtocolRelative: false,
    // A script's text and an embedded document go with their element, never left as text.
    nonTextTags: ['script', 'foreignObject', 'iframe', 'embed', 'object', 'noscript', 'template', 'textarea'],
    selfClosing: [],
    disallowedTagsMode: 'discard',
    allowVulnerableTags: true,
    transformTags: {
      '*': (tagName, attribs) => {
        if (SCRIPTY_ELEMENT.test(tagName)) scripts = true;
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(attribs)) {
          const local = name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
          if (/^on/i.test(local)) {
            scripts = true;
            continue;
          }
          const v = plain(value);
          if (/(java|vb)script:/i.test(v)) {
            scripts = true;
            continue;
          }
          if (local === 'href' && !SAFE_LINK.test(v)) continue;
          if (
            (name === 'style' || local === 'filter' || local === 'mask' || local === 'clip-path' || local.startsWith('marker')) &&
            UNSAFE_STYLE.test(value)
          )
            continue;
          if ((local === 'attributeName' || local === 'attributeType') && /href|^on/i.test(v)) continue;
          out[name] = value;
        }
        return { tagName, attribs: out };
      },
    },
    // A style sheet that reaches out (url(), @import) or holds markup (a CDATA section's text is
    // written back bare, so '<' there would start an element) goes whole.
    exclusiveFilter: (frame) => frame.tag === 'style' && (UNSAFE_STYLE.test(frame.text) || /[<&]/.test(frame.text)),
  };
  const svg = sanitizeHtml(text.replace(/^\uFEFF/, ''), options);
  return { svg: svg.trim(), scripts };
}
