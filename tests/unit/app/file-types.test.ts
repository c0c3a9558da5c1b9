// What an upload is, read from its bytes: the magic numbers of each kind we take, image sizes from
// real headers, names, sizes and byte ranges.
import { describe, expect, it } from 'vitest';
import {
  byteRange,
  cleanUploadName,
  fileName,
  formatSize,
  imageSize,
  KINDS,
  MAX_UPLOAD_BYTES,
  nameProblem,
  sniff,
} from '../../../app/utils/file-types.js';
import { exeHead, gifHead, jpegHead, png, webpHead } from '../../support/sample-files.js';

const text = (s: string) => new TextEncoder().encode(s);

describe('sniff', () => {
  it('reads images from their magic numbers, whatever the name says', () => {
    expect(sniff(png(3, 2), 'txt')).toBe(KINDS.png);
    expect(sniff(jpegHead(10, 20))).toBe(KINDS.jpeg);
    expect(sniff(gifHead(1, 1))).toBe(KINDS.gif);
    expect(sniff(webpHead('VP8 ', 4, 4))).toBe(KINDS.webp);
  });

  it('knows PDF, MP3 (ID3 tag or a bare layer III frame), MP4 and M4A', () => {
    expect(sniff(text('%PDF-1.7\n%âãÏÓ\n'))).toBe(KINDS.pdf);
    expect(sniff(Buffer.from([...Buffer.from('ID3'), 4, 0, 0, 0, 0, 0, 0]))).toBe(KINDS.mp3);
    expect(sniff(Buffer.from([0xff, 0xfb, 0x90, 0x64, 0, 0]))).toBe(KINDS.mp3);
    const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftyp' + brand), Buffer.alloc(12)]);
    expect(sniff(ftyp('isom'))).toBe(KINDS.mp4);
    expect(sniff(ftyp('mp42'))).toBe(KINDS.mp4);
    expect(sniff(ftyp('M4A '))).toBe(KINDS.m4a);
  });

  it('refuses what it does not take: executables, QuickTime, HEIC, AAC, binary junk', () => {
    expect(sniff(exeHead(), 'png')).toBeNull();
    const ftyp = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftyp' + brand), Buffer.alloc(12)]);
    expect(sniff(ftyp('qt  '))).toBeNull();
    expect(sniff(ftyp('heic'))).toBeNull();
    expect(sniff(Buffer.from([0xff, 0xf1, 0x50, 0x80]))).toBeNull();
    expect(sniff(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]))).toBeNull();
    expect(sniff(text('hello\u0000world'))).toBeNull();
    expect(sniff(Buffer.from([0x68, 0x69, 0xc3, 0x28]), '', true)).toBeNull();
  });

  it('takes UTF-8 text as plain text, or CSV by its extension; a character cut by the sniff window is fine', () => {
    expect(sniff(text('Name,Price\nHat,12\n'), 'csv')).toBe(KINDS.csv);
    expect(sniff(text('Name,Price\nHat,12\n'), 'CSV')).toBe(KINDS.csv);
    expect(sniff(text('Grüße\r\n\tà bientôt\n'), 'txt')).toBe(KINDS.text);
    const cut = text('caf\u00e9').subarray(0, 4);
    expect(sniff(cut, 'txt', false)).toBe(KINDS.text);
    expect(sniff(cut, 'txt', true)).toBeNull();
  });

  it('tells an SVG by its root element, after a prolog, comments or a doctype', () => {
    expect(sniff(text('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'))).toBe(KINDS.svg);
    expect(
      sniff(
        text(
          '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>\n</svg>',
        ),
      ),
    ).toBe(KINDS.svg);
    expect(sniff(text('<html><svg></svg></html>'), 'txt')).toBe(KINDS.text);
  });
});

describe('imageSize', () => {
  it('reads "WxH" from PNG, GIF, JPEG (past an EXIF block) and all three WebP kinds', () => {
    expect(imageSize(png(3, 2))).toBe('3x2');
    expect(imageSize(gifHead(640, 480))).toBe('640x480');
    expect(imageSize(jpegHead(1024, 768))).toBe('1024x768');
    expect(imageSize(jpegHead(300, 200, 30_000))).toBe('300x200');
    expect(imageSize(webpHead('VP8 ', 320, 240))).toBe('320x240');
    expect(imageSize(webpHead('VP8L', 5, 7))).toBe('5x7');
    expect(imageSize(webpHead('VP8X', 4000, 3000))).toBe('4000x3000');
  });

  it('gives null for what it cannot read rather than a wrong size', () => {
    expect(imageSize(png(3, 2).subarray(0, 20))).toBeNull();
    expect(imageSize(jpegHead(10, 10).subarray(0, 12))).toBeNull();
    expect(imageSize(text('%PDF-1.4'))).toBeNull();
  });
});

describe('names', () => {
  it('keeps the extension when it is left out, and refuses another type’s', () => {
    expect(fileName('holiday', KINDS.png)).toEqual({ ok: true, name: 'holiday.png' });
    expect(fileName('  holiday.PNG ', KINDS.png)).toEqual({ ok: true, name: 'holiday.PNG' });
    expect(fileName('photo.jpeg', KINDS.jpeg)).toEqual({ ok: true, name: 'photo.jpeg' });
    expect(fileName('report v1.2', KINDS.pdf)).toEqual({ ok: true, name: 'report v1.2.pdf' });
    const wrong = fileName('photo.jpg', KINDS.png);
    expect(wrong.ok).toBe(false);
    expect(!wrong.ok && wrong.wrongType).toBe(true);
  });

  it('takes 1 to 200 characters with no slashes or control characters', () => {
    expect(nameProblem('')).toBe('Please enter a file name');
    expect(fileName('   ', KINDS.png)).toEqual({ ok: false, error: 'Please enter a file name' });
    expect(nameProblem('a'.repeat(200))).toBeNull();
    expect(nameProblem('a'.repeat(201))).toMatch(/200/);
    expect(fileName('a'.repeat(197), KINDS.png).ok).toBe(false); // 197 + ".png" is 201
    expect(nameProblem('a/b.png')).toMatch(/slash/);
    expect(nameProblem('a\\b.png')).toMatch(/slash/);
    expect(nameProblem('a\u0007b.png')).toMatch(/control/);
    expect(nameProblem('ünïcødé ✓.png')).toBeNull();
  });

  it('cleans a name a browser sent: last path segment, no control characters, short enough', () => {
    expect(cleanUploadName('C:\\Users\\me\\cat.png')).toBe('cat.png');
    expect(cleanUploadName('../../etc/passwd')).toBe('passwd');
    expect(cleanUploadName('a\u0000b\nc.txt')).toBe('abc.txt');
    const long = cleanUploadName('x'.repeat(500) + '.jpeg');
    expect(long.length).toBeLessThanOrEqual(194);
    expect(long.endsWith('.jpeg')).toBe(true);
  });
});

describe('formatSize and limits', () => {
  it('uses 1,000,000 bytes per megabyte (SPEC 9)', () => {
    expect(MAX_UPLOAD_BYTES).toBe(20_000_000);
    expect(formatSize(1)).toBe('1 byte');
    expect(formatSize(999)).toBe('999 bytes');
    expect(formatSize(1000)).toBe('1 KB');
    expect(formatSize(1550)).toBe('1.6 KB');
    expect(formatSize(1_000_000)).toBe('1 MB');
    expect(formatSize(20_000_000)).toBe('20 MB');
  });
});

describe('byteRange', () => {
  it('answers one range, a suffix, an open end; refuses a range past the end', () => {
    expect(byteRange(null, 100)).toBe('none');
    expect(byteRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBe('none');
    expect(byteRange('items=0-1', 100)).toBe('none');
  });
});
