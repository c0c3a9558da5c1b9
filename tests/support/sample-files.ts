// Small real files for the file manager's tests, built byte by byte: a PNG that image viewers open
// (checksums and pixel data included), and the headers of the other kinds the upload sniffs.
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const byte of b) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid RGB PNG of `width` x `height`, every pixel of `rgb` (vary it to make distinct files). */
export function png(width: number, height: number, rgb: [number, number, number] = [200, 30, 60]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A baseline JPEG's markers up to its frame header (SOI, APP0 JFIF, an EXIF-sized APP1, SOF0). */
export function jpegHead(width: number, height: number, app1Bytes = 0): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const app1 =
    app1Bytes > 0
      ? Buffer.concat([Buffer.from([0xff, 0xe1, (app1Bytes + 2) >> 8, (app1Bytes + 2) & 0xff]), Buffer.alloc(app1Bytes)])
      : Buffer.alloc(0);
  const sof = Buffer.from([
    0xff,
    0xc0,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, app1, sof, Buffer.from([0xff, 0xd9])]);
}

/** A GIF89a header with its logical screen size. */
export function gifHead(width: number, height: number): Buffer {
  return Buffer.from([...Buffer.from('GIF89a'), width & 0xff, width >> 8, height & 0xff, height >> 8, 0, 0, 0, 0x3b]);
}

const riff = (body: Buffer) => {
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + body.length);
  return Buffer.concat([Buffer.from('RIFF'), size, Buffer.from('WEBP'), body]);
};

/** WebP headers of the three kinds: lossy (VP8), lossless (VP8L), extended (VP8X). */
export function webpHead(kind: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Buffer {
  if (kind === 'VP8X') {
    const d = Buffer.alloc(10);
    d.writeUIntLE(width - 1, 4, 3);
    d.writeUIntLE(height - 1, 7, 3);
    return riff(Buffer.concat([Buffer.from('VP8X'), Buffer.from([10, 0, 0, 0]), d]));
  }
  if (kind === 'VP8L') {
    const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
    const d = Buffer.alloc(5);
    d[0] = 0x2f;
    d.writeUInt32LE(bits >>> 0, 1);
    return riff(Buffer.concat([Buffer.from('VP8L'), Buffer.from([5, 0, 0, 0]), d]));
  }
  const d = Buffer.alloc(10);
  d.set([0x9d, 0x01, 0x2a], 3);
  d.writeUInt16LE(width, 6);
  d.writeUInt16LE(height, 8);
  return riff(Buffer.concat([Buffer.from('VP8 '), Buffer.from([10, 0, 0, 0]), d]));
}

/** A Windows executable's first bytes ("MZ", then zeros). */
export const exeHead = (): Buffer => Buffer.concat([Buffer.from('MZ'), Buffer.from([0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0])]);

const SVG_NS = 'xmlns="http://www.w3.org/2000/svg"';

/**
 * Known SVG attacks (issue 28) the file manager must never store as they were: scripts in any
 * namespace or case, event handlers, javascript: links (also entity-encoded, also set by an
 * animation), embedded HTML, and style sheets or entities that smuggle markup or reach out.
 * `refused`: the upload is refused as holding scripts; otherwise it is stored cleaned.
 */
export const SVG_PAYLOADS: { name: string; svg: string; refused: boolean }[] = [
  { name: 'script', svg: `<svg ${SVG_NS}><script>alert(document.cookie)</script></svg>`, refused: true },
  {
    name: 'xhtml-namespaced-script',
    svg: `<svg ${SVG_NS}><h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(document.domain)</h:script><rect width="1" height="1"/></svg>`,
    refused: true,
  },
  {
    name: 'svg-prefixed-script',
    svg: `<s:svg xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></s:svg>`,
    refused: true,
  },
  { name: 'upper-case-script', svg: `<svg ${SVG_NS}><SCRIPT>alert(1)</SCRIPT></svg>`, refused: true },
  { name: 'onload', svg: `<svg ${SVG_NS} onload="alert(1)"><rect width="1" height="1"/></svg>`, refused: true },
  { name: 'slash-onload', svg: `<svg/onload=alert(1) ${SVG_NS}>`, refused: true },
  { name: 'namespaced-handler', svg: `<svg ${SVG_NS} xmlns:x="urn:x"><rect x:onclick="alert(1)" width="1"/></svg>`, refused: true },
  {
    name: 'javascript-link',
    svg: `<svg ${SVG_NS} xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`,
    refused: true,
  },
  { name: 'encoded-javascript-link', svg: `<svg ${SVG_NS}><a href="jav&#x61;script&#58;alert(1)"><text>x</text></a></svg>`, refused: true },
  {
    name: 'animated-href',
    svg: `<svg ${SVG_NS}><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>`,
    refused: true,
  },
  {
    name: 'foreign-object-html',
    svg: `<svg ${SVG_NS}><foreignObject width="9" height="9"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject></svg>`,
    refused: true,
  },
  { name: 'iframe', svg: `<svg ${SVG_NS}><iframe src="https://evil.example/"/></svg>`, refused: true },
  {
    name: 'doctype-entity',
    svg: `<!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]><svg ${SVG_NS}>&x;</svg>`,
    refused: true,
  },
  {
    name: 'cdata-style-breakout',
    svg: `<svg ${SVG_NS}><style><![CDATA[</style><script>alert(1)</script>]]></style></svg>`,
    refused: false,
  },
  {
    name: 'style-import',
    svg: `<svg ${SVG_NS}><style>@import url(https://evil.example/x.css);</style><rect width="1"/></svg>`,
    refused: false,
  },
  {
    name: 'external-image-and-use',
    svg: `<svg ${SVG_NS}><image href="https://evil.example/track.png"/><use href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/></svg>`,
    refused: false,
  },
  { name: 'style-attribute-url', svg: `<svg ${SVG_NS}><rect style="fill:url(https://evil.example/)" width="1"/></svg>`, refused: false },
];

/** What none of the stored SVGs may hold, whatever was sent. */
export const SVG_FORBIDDEN = /script|on[a-z]+\s*=|<iframe|foreignObject|@import|evil\.example|data:image\/svg|<!DOCTYPE|<!ENTITY/i;

/** Documents that are text to the sniffer: stored as plain text, served as a download. */
export const HTML_PAYLOADS: { name: string; html: string }[] = [
  { name: 'page.html', html: '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>' },
  { name: 'page.htm', html: '<html><svg><script>alert(1)</script></svg></html>' },
  { name: 'image.xhtml', html: '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>' },
];
