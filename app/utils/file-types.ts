// What an uploaded file is, read from its first bytes (magic numbers) and never from the name or the
// type the browser claims; an image's width and height from its header; the limits and the names a
// file may have. Pure: the file manager (files.server.ts), the body guard and the screens share it.

/** Bytes per megabyte (SPEC 9), and so per kilobyte: every size the owner reads is decimal. */
export const BYTES_PER_MB = 1_000_000;
export const BYTES_PER_KB = 1000;
/** The largest file the file manager takes. */
export const MAX_UPLOAD_BYTES = 20 * BYTES_PER_MB;
/** How many leading bytes sniffing reads: enough for a JPEG's EXIF block before its frame header. */
export const SNIFF_BYTES = 128 * 1024;
/** The longest file name (db/migrations/0010_files.sql). */
export const MAX_NAME_LENGTH = 200;

export const FILE_TEXT = {
  uploadTitle: 'Unable to Upload File',
  uploadText: 'There was a problem while uploading your file.',
  /** SPEC 8: an upload whose connection failed mid-way (the browser got no answer). */
  uploadIncompleteTitle: 'Error uploading',
  uploadIncompleteText: 'File upload failed to complete',
  renameTitle: 'Unable to Rename File',
  renameText: 'There was a problem while renaming your file.',
  /** Follows the spec's refusal when an SVG is refused for its scripts, so the owner learns why. */
  unsafeSvg: 'This SVG file contains scripts, which are not allowed.',
  noFile: 'Choose a file to upload.',
  empty: 'The file is empty.',
  deleteConfirm: "This can't be undone. Make sure to update all links to this file.",
};

/**
 * SPEC 5's refusal of a file of a type we do not take, verbatim: `images` for an upload that takes
 * images only (the product screen's), whose {fileTypeMessage} is "image " (the spec's spacing).
 */
export function unsupportedFileText(name: string, images = false): string {
  return `The file ${name} does not appear to be a supported ${images ? 'image ' : ''}file.`;
}

/**
 * SPEC 5's refusal of a file over MAX_UPLOAD_BYTES, verbatim. The body guard refuses before it reads
 * the body, so it knows no name: it says "The file is too large..." then.
 */
export function tooLargeFileText(name: string | null): string {
  return `The file ${name ? `${name} ` : ''}is too large. The maximum allowed file size is ${formatSize(MAX_UPLOAD_BYTES)}.`;
}

/**
 * The refusal of a file the site's storage quota has no room for. SPEC 5 has no text for it; this
 * follows its other upload refusals: the file's name, then the limit.
 */
export function storageFullText(name: string, quotaBytes: number): string {
  return `The file ${name} could not be uploaded: the site's storage is full (${formatSize(quotaBytes)}).`;
}

/** "X of Y used", as /config/files shows the site's storage. */
export function storageUsedText(usedBytes: number, quotaBytes: number): string {
  return `${formatSize(usedBytes)} of ${formatSize(quotaBytes)} used`;
}

export interface FileKind {
  contentType: string;
  /** Extensions a name of this kind may end with, the usual one first (lower case, no dot). */
  extensions: readonly string[];
  /** Shown inline by browsers (images, pdf, media); anything else is a download. */
  inline: boolean;
  image: boolean;
}

const kind = (contentType: string, extensions: string[], inline: boolean, image = false): FileKind => ({
  contentType,
  extensions,
  inline,
  image,
});

export const KINDS = {
  png: kind('image/png', ['png'], true, true),
  jpeg: kind('image/jpeg', ['jpg', 'jpeg', 'jpe'], true, true),
  gif: kind('image/gif', ['gif'], true, true),
  webp: kind('image/webp', ['webp'], true, true),
  svg: kind('image/svg+xml', ['svg'], true, true),
  pdf: kind('application/pdf', ['pdf'], true),
  mp3: kind('audio/mpeg', ['mp3'], true),
  mp4: kind('video/mp4', ['mp4', 'm4v'], true),
  m4a: kind('audio/mp4', ['m4a', 'mp4'], true),
  text: kind('text/plain', ['txt', 'text'], false),
  csv: kind('text/csv', ['csv'], false),
} as const;

/** The `accept` list of the upload input (a hint for the browser's picker; the server sniffs). */
export const ACCEPT = [...new Set(Object.values(KINDS).flatMap((k) => k.extensions.map((e) => `.${e}`)))].join(',');

/** The `accept` list of an upload that takes images only (the product screen's). */
export const ACCEPT_IMAGES = [
  ...new Set(
    Object.values(KINDS)
      .filter((k) => k.image)
      .flatMap((k) => k.extensions.map((e) => `.${e}`)),
  ),
].join(',');

export function kindOf(contentType: string): FileKind | null {
  return Object.values(KINDS).find((k) => k.contentType === contentType) ?? null;
}

const ascii = (b: Uint8Array, at: number, text: string) => {
  if (b.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
};

// ISO base media brands that are MP4 video; anything else in an ftyp box (QuickTime, HEIC, AVIF) is not ours.
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'dash', 'mmp4', 'MSNV']);

/** Text as UTF-8 without NUL or other control characters but tab, newlines and form feed. */
function looksLikeText(head: Uint8Array, complete: boolean): boolean {
  let text: string;
  try {
    // A multi-byte character cut by the end of the head is not an error.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete });
  } catch {
    return false;
  }
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

const SVG_START = /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE\s+svg[^>]*>)\s*)*<svg[\s>/]/i;

/**
 * The kind of file `head` (its first bytes, up to SNIFF_BYTES) starts, or null when it is none we
 * take. `complete`: head is the whole file. Text has no magic number: it is what is left when the
 * bytes are UTF-8 text; its extension (`ext`) then says plain text or CSV.
 */
export function sniff(head: Uint8Array, ext = '', complete = false): FileKind | null {
  const b = head;
  if (ascii(b, 0, '\x89PNG\r\n\x1a\n')) return KINDS.png;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return KINDS.jpeg;
  if (ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')) return KINDS.gif;
  if (ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP')) return KINDS.webp;
  if (ascii(b, 0, '%PDF-')) return KINDS.pdf;
  if (ascii(b, 0, 'ID3')) return KINDS.mp3;
  // An MPEG-1/2 layer III frame header (a layer of 00 is AAC's ADTS, not MP3).
  if (b[0] === 0xff && b.length > 1 && (b[1] & 0xe6) === 0xe2) return KINDS.mp3;
  if (ascii(b, 4, 'ftyp') && b.length >= 12) {
    const brand = String.fromCharCode(b[8], b[9], b[10], b[11]);
    if (brand === 'M4A ') return KINDS.m4a;
    if (MP4_BRANDS.has(brand)) return KINDS.mp4;
    return null;
  }
  if (!looksLikeText(b, complete)) return null;
  const text = new TextDecoder('utf-8').decode(b);
  if (SVG_START.test(text)) return KINDS.svg;
  return ext.toLowerCase() === 'csv' ? KINDS.csv : KINDS.text;
}

const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) >>> 0) + ((b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]);

function jpegSize(b: Uint8Array): [number, number] | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1];
    // Fill bytes, and markers that stand alone (no length): TEM, RSTn.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Start of frame (any coding but DHT C4, JPG C8, DAC CC): precision, height, width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return [u16be(b, at + 7), u16be(b, at + 5)];
    }
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + u16be(b, at + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): [number, number] | null {
  if (ascii(b, 12, 'VP8X') && b.length >= 30) return [u24le(b, 24) + 1, u24le(b, 27) + 1];
  if (ascii(b, 12, 'VP8L') && b.length >= 25 && b[20] === 0x2f) {
    const bits = b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  if (ascii(b, 12, 'VP8 ') && b.length >= 30 && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return [u16le(b, 26) & 0x3fff, u16le(b, 28) & 0x3fff];
  }
  return null;
}

/** An image's "WxH" from its header bytes (png, jpeg, gif, webp), or null when it cannot be read. */
export function imageSize(head: Uint8Array, k: FileKind | null = sniff(head)): string | null {
  let wh: [number, number] | null = null;
  if (k === KINDS.png && head.length >= 24 && ascii(head, 12, 'IHDR')) wh = [u32be(head, 16), u32be(head, 20)];
  else if (k === KINDS.gif && head.length >= 10) wh = [u16le(head, 6), u16le(head, 8)];
  else if (k === KINDS.jpeg) wh = jpegSize(head);
  else if (k === KINDS.webp) wh = webpSize(head);
  if (!wh || wh[0] <= 0 || wh[1] <= 0) return null;
  return `${wh[0]}x${wh[1]}`;
}

/** The extension of a name, lower case without the dot ('' for none). */
export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

/** Why a name cannot be a file's name, or null: 1 to 200 characters, no slashes or control characters. */
export function nameProblem(name: string): string | null {
  if (name.length === 0) return 'Please enter a file name';
  if (name.length > MAX_NAME_LENGTH) return `Use at most ${MAX_NAME_LENGTH} characters.`;
  if (/[/\\]/.test(name)) return 'A file name cannot contain slashes.';
  if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'A file name cannot contain control characters.';
  if (name === '.' || name === '..') return 'Please enter a file name';
  return null;
}

/**
 * The name a file of `k` gets from what was typed or sent: trimmed, with the kind's usual extension
 * added when it has none. Returns an error instead when the name is not allowed or ends with an
 * extension of another kind (a file's type never changes with its name).
 */
export function fileName(
  raw: string,
  k: FileKind,
): { ok: true; name: string } | { ok: false; error: string; /** The extension is another type's. */ wrongType?: true } {
  const typed = raw.trim();
  const ext = extensionOf(typed);
  let name = typed;
  if (ext === '' || !k.extensions.includes(ext)) {
    // Some other extension (image.jpg for a PNG) is a lie about the type; a dot inside a name is not.
    if (ext !== '' && Object.values(KINDS).some((other) => other.extensions.includes(ext))) {
      return { ok: false, error: `Keep the extension .${k.extensions[0]}: the file's type does not change.`, wrongType: true };
    }
    if (typed !== '') name = `${typed}.${k.extensions[0]}`;
  }
  const problem = nameProblem(name);
  return problem ? { ok: false, error: problem } : { ok: true, name };
}

/** A name sent by a browser made fit to keep: its last path segment, control characters dropped, cut to fit. */
export function cleanUploadName(raw: string | undefined | null): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  if (clean.length <= MAX_NAME_LENGTH - 6) return clean;
  const ext = extensionOf(clean);
  return ext ? `${clean.slice(0, MAX_NAME_LENGTH - 6 - ext.length - 1)}.${ext}` : clean.slice(0, MAX_NAME_LENGTH - 6);
}

/** A file's upload day for people, "Nov 3, 2026" (UTC, so server and browser agree). */
export function uploadDay(at: Date | string): string {
  return new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A size for people: bytes, KB or MB (1,000,000 bytes per MB, SPEC 9). */
export function formatSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const one = (n: number) => (Math.round(n * 10) / 10).toString();
  if (bytes < BYTES_PER_MB) return `${one(bytes / BYTES_PER_KB)} KB`;
  return `${one(bytes / BYTES_PER_MB)} MB`;
}

/**
 * A Range header's single byte range over a file of `size` bytes: the range, 'none' when there is
 * no usable header (send the whole file), or 'unsatisfiable' (416). Several ranges are answered whole.
 */
export function byteRange(header: string | null, size: number): { start: number; end: number } | 'none' | 'unsatisfiable' {
  if (!header) return 'none';
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'none';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}
