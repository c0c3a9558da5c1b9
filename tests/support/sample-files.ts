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
