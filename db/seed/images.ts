// Draws the demo store's pictures as flat SVG illustrations, deterministically from the seed data
// (same input, same bytes). `npx tsx db/seed/images.ts` rewrites public/images/; a test checks
// that the committed files match.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { detailImage, PAGES, PRODUCTS, productImage, variantImage, type SeedProduct } from './store.js';

type Pal = { bg: string; m: string; s: string; l: string };

/** A colour moved towards white (amt > 0) or black (amt < 0). */
export function shade(hex: string, amt: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const v = amt >= 0 ? c + (255 - c) * amt : c * (1 + amt);
    return Math.max(0, Math.min(255, Math.round(v)));
  });
  return '#' + ch.map((c) => c.toString(16).padStart(2, '0')).join('');
}

/** A small seeded generator (mulberry32), so speckles land in the same places every run. */
function rng(seed: string): () => number {
  let h = 1779033703;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Dots scattered inside an ellipse (glaze speckles). */
function speckles(seed: string, cx: number, cy: number, rx: number, ry: number, n: number, color: string): string {
  const rand = rng(seed);
  let out = '';
  for (let i = 0; i < n; i++) {
    const a = rand() * Math.PI * 2;
    const d = Math.sqrt(rand());
    out += `<circle cx="${r1(cx + Math.cos(a) * rx * d)}" cy="${r1(cy + Math.sin(a) * ry * d)}" r="${r1(2 + rand() * 4)}"/>`;
  }
  return `<g fill="${color}" opacity="0.55">${out}</g>`;
}

/** A horizontal wavy line from x0 to x1 at height y. */
function wave(x0: number, x1: number, y: number, amp: number, len: number): string {
  return `M${x0} ${y}` + waveTail(x0, x1, amp, len);
}

/** The same wave without its starting point, to continue a path already at (x0, y). */
function waveTail(x0: number, x1: number, amp: number, len: number): string {
  // Whole periods that end exactly at x1.
  const n = Math.max(1, Math.round((x1 - x0) / len));
  const w = r1((x1 - x0) / n);
  let d = '';
  for (let i = 0; i < n; i++) d += ` q${r1(w / 4)} ${-amp} ${r1(w / 2)} 0 t${r1(w / 2)} 0`;
  return d;
}

function shadow(cx: number, cy: number, rx: number, l: string): string {
  return `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${Math.round(rx * 0.12)}" fill="${l}" opacity="0.12"/>`;
}

const MOTIFS: Record<string, (p: Pal, seed: string) => string> = {
  mug: ({ m, s, l }, seed) =>
    shadow(600, 842, 230, l) +
    `<path d="M770 520 c130 0 130 220 0 220" fill="none" stroke="${m}" stroke-width="46" stroke-linecap="round"/>` +
    `<path d="M430 450 h340 v330 q0 52 -52 52 h-236 q-52 0 -52 -52z" fill="${m}"/>` +
    `<path d="${wave(430, 770, 730, 14, 85)} V782 q0 50 -52 50 h-236 q-52 0 -52 -50z" fill="${s}"/>` +
    speckles(seed, 600, 600, 150, 140, 40, shade(m, -0.35)) +
    `<ellipse cx="600" cy="450" rx="170" ry="34" fill="${shade(m, -0.3)}"/>` +
    `<ellipse cx="600" cy="450" rx="170" ry="34" fill="none" stroke="${shade(m, 0.35)}" stroke-width="8"/>`,
  cups: ({ m, s, l }) => {
    const cup = (x: number, c: string) =>
      `<path d="M${x - 120} 560 h240 l-20 220 q-4 40 -44 40 h-112 q-40 0 -44 -40z" fill="${c}"/>` +
      `<path d="M${x - 105} 740 h210 l-5 40 q-4 40 -44 40 h-112 q-40 0 -44 -40z" fill="${s}"/>` +
      `<path d="M${x} 785 m-18 0 a18 18 0 1 1 36 0 a28 28 0 1 1 -56 0" fill="none" stroke="${shade(s, -0.3)}" stroke-width="5"/>` +
      `<ellipse cx="${x}" cy="560" rx="120" ry="26" fill="${shade(c, -0.35)}"/>`;
    return shadow(600, 832, 330, l) + cup(460, m) + cup(740, shade(m, 0.15));
  },
  plate: ({ m, s, l }, seed) =>
    shadow(600, 900, 380, l) +
    `<ellipse cx="600" cy="640" rx="380" ry="300" fill="${shade(m, -0.06)}"/>` +
    `<ellipse cx="600" cy="630" rx="370" ry="290" fill="${m}"/>` +
    `<ellipse cx="600" cy="650" rx="260" ry="200" fill="${shade(m, -0.04)}" stroke="${s}" stroke-width="10"/>` +
    speckles(seed, 600, 640, 340, 260, 120, shade(l, 0.2)),
  bowl: ({ m, s, l }, seed) =>
    shadow(600, 860, 260, l) +
    `<path d="M290 500 A310 300 0 0 0 910 500 Z" fill="${m}"/>` +
    `<path d="M305 600 ${waveTail(305, 895, 18, 98)} L895 600 A310 300 0 0 1 305 600 Z" fill="${s}"/>` +
    speckles(seed, 600, 700, 220, 110, 50, shade(s, -0.3)) +
    `<rect x="500" y="790" width="200" height="40" rx="10" fill="${shade(s, -0.15)}"/>` +
    `<ellipse cx="600" cy="500" rx="310" ry="62" fill="${shade(m, -0.35)}"/>` +
    `<ellipse cx="600" cy="500" rx="310" ry="62" fill="none" stroke="${shade(m, 0.3)}" stroke-width="8"/>`,
  vase: ({ m, s, l }) =>
    shadow(600, 900, 220, l) +
    `<g stroke="${s}" stroke-width="8" stroke-linecap="round" fill="none"><path d="M600 460 C590 360 540 300 500 220"/><path d="M604 460 C620 340 660 280 700 200"/><path d="M600 470 C600 380 610 300 600 240"/></g>` +
    `<g fill="${s}"><ellipse cx="500" cy="215" rx="16" ry="30" transform="rotate(-30 500 215)"/><ellipse cx="702" cy="195" rx="16" ry="30" transform="rotate(30 702 195)"/><ellipse cx="600" cy="232" rx="14" ry="26"/></g>` +
    `<path d="M560 440 h80 v80 c150 30 200 120 200 200 c0 110 -110 170 -240 170 c-130 0 -240 -60 -240 -170 c0 -80 50 -170 200 -200z" fill="${m}"/>` +
    `<ellipse cx="600" cy="440" rx="46" ry="12" fill="${shade(m, -0.4)}"/>` +
    `<path d="M440 700 c20 -70 80 -110 140 -120" fill="none" stroke="${shade(m, 0.5)}" stroke-width="14" stroke-linecap="round" opacity="0.7"/>`,
  teapot: ({ m, s, l }) =>
    shadow(600, 880, 320, l) +
    `<path d="M450 430 C450 250 750 250 750 430" fill="none" stroke="${shade(s, -0.35)}" stroke-width="22" stroke-linecap="round"/>` +
    `<path d="M350 700 C300 640 280 560 230 520 l-20 24 c40 40 60 120 110 200z" fill="${m}"/>` +
    `<path d="M880 600 c80 20 80 160 -10 180" fill="none" stroke="${m}" stroke-width="0"/>` +
    `<ellipse cx="600" cy="660" rx="270" ry="210" fill="${m}"/>` +
    `<ellipse cx="600" cy="470" rx="120" ry="28" fill="${shade(m, -0.25)}"/>` +
    `<ellipse cx="600" cy="462" rx="105" ry="22" fill="${shade(m, 0.1)}"/><circle cx="600" cy="440" r="22" fill="${s}"/>` +
    `<path d="M390 700 ${waveTail(390, 810, 12, 70)}" fill="none" stroke="${s}" stroke-width="10" opacity="0.8"/>`,
  platter: ({ m, s, l }) => {
    let rings = '';
    for (let i = 0; i < 5; i++)
      rings += `<ellipse cx="600" cy="640" rx="${380 - i * 60}" ry="${190 - i * 30}" fill="none" stroke="${shade(m, 0.12 + i * 0.06)}" stroke-width="6" stroke-dasharray="40 18"/>`;
    return (
      shadow(600, 860, 440, l) +
      `<ellipse cx="600" cy="660" rx="460" ry="230" fill="${shade(m, -0.2)}"/>` +
      `<ellipse cx="600" cy="640" rx="450" ry="220" fill="${m}"/>` +
      rings +
      `<ellipse cx="600" cy="640" rx="120" ry="50" fill="${s}" opacity="0.6"/>`
    );
  },
  planter: ({ m, s, l }) => {
    const leaf = (x: number, y: number, r: number) =>
      `<ellipse cx="${x}" cy="${y}" rx="42" ry="120" transform="rotate(${r} ${x} ${y})" fill="${r % 2 ? s : shade(s, 0.2)}"/>`;
    return (
      shadow(600, 900, 300, l) +
      leaf(520, 380, -35) +
      leaf(680, 380, 35) +
      leaf(600, 330, 0) +
      leaf(450, 450, -63) +
      leaf(750, 450, 61) +
      `<path d="M400 500 h400 l-50 340 h-300z" fill="${m}"/>` +
      `<rect x="380" y="480" width="440" height="60" rx="14" fill="${shade(m, 0.12)}"/>` +
      `<ellipse cx="600" cy="850" rx="260" ry="34" fill="${shade(m, -0.2)}"/>`
    );
  },
  candle: ({ m, s, l }) =>
    shadow(600, 860, 330, l) +
    `<ellipse cx="600" cy="780" rx="320" ry="90" fill="${shade(m, -0.2)}"/>` +
    `<ellipse cx="600" cy="760" rx="310" ry="80" fill="${m}"/>` +
    `<ellipse cx="600" cy="765" rx="190" ry="44" fill="${s}" opacity="0.85"/>` +
    `<rect x="570" y="360" width="60" height="400" rx="8" fill="#f8f4ea"/>` +
    `<path d="M600 250 c40 50 40 90 0 110 c-40 -20 -40 -60 0 -110z" fill="#e9a23b"/><path d="M600 300 c15 20 15 40 0 50 c-15 -10 -15 -30 0 -50z" fill="#fbe6a2"/>`,
  cellar: ({ m, s, l }) =>
    shadow(600, 860, 260, l) +
    `<path d="M380 560 q220 -60 440 0 l-30 220 q-10 60 -70 60 h-240 q-60 0 -70 -60z" fill="${m}"/>` +
    `<path d="M370 560 q230 -110 460 0 q-230 40 -460 0z" fill="${shade(m, 0.15)}"/><circle cx="600" cy="500" r="26" fill="${shade(m, -0.2)}"/>` +
    `<g transform="rotate(-38 860 600)"><rect x="840" y="420" width="26" height="360" rx="12" fill="${s}"/><ellipse cx="853" cy="410" rx="46" ry="62" fill="${s}"/></g>`,
  towel: ({ m, s, l }) =>
    `<rect x="340" y="230" width="520" height="18" rx="9" fill="${l}" opacity="0.7"/>` +
    `<path d="M590 248 q10 -50 20 0" fill="none" stroke="${shade(m, -0.2)}" stroke-width="8"/>` +
    `<path d="M430 270 h340 v560 q-170 40 -340 0z" fill="${m}"/>` +
    `<rect x="430" y="690" width="340" height="24" fill="${s}"/><rect x="430" y="730" width="340" height="10" fill="${s}"/>` +
    `<path d="M520 280 v540 M680 280 v540" stroke="${shade(m, -0.18)}" stroke-width="6" opacity="0.6"/>` +
    `<path d="M430 270 h340 v30 h-340z" fill="${shade(m, -0.15)}"/>`,
  napkins: ({ m, l }) => {
    let out = shadow(600, 860, 320, l);
    for (let i = 0; i < 4; i++) {
      const y = 760 - i * 70;
      out +=
        `<rect x="${330 + i * 8}" y="${y}" width="${540 - i * 16}" height="70" rx="10" fill="${shade(m, -0.1 + i * 0.18)}"/>` +
        `<path d="M${340 + i * 8} ${y + 10} h${520 - i * 16}" stroke="#fff" stroke-width="3" stroke-dasharray="10 10" opacity="0.5"/>`;
    }
    return out;
  },
  apron: ({ m, s, l }) =>
    `<path d="M500 220 L380 560 M700 220 L820 560" stroke="${shade(m, -0.2)}" stroke-width="22" stroke-linecap="round"/>` +
    `<path d="M480 220 h240 v140 q0 40 40 60 l60 30 v420 q-220 50 -440 0 v-420 l60 -30 q40 -20 40 -60z" fill="${m}"/>` +
    `<rect x="450" y="620" width="300" height="170" rx="12" fill="${shade(m, -0.12)}"/><path d="M600 620 v170" stroke="${s}" stroke-width="6" stroke-dasharray="14 10"/>` +
    `<rect x="460" y="560" width="280" height="14" rx="7" fill="${s}" opacity="0.8"/>` +
    shadow(600, 900, 240, l),
  throw: ({ m, s, l }) => {
    let out = shadow(600, 880, 400, l);
    for (let i = 0; i < 3; i++) {
      const y = 700 - i * 130;
      const c = i % 2 ? s : m;
      out +=
        `<rect x="${260 + i * 20}" y="${y}" width="${680 - i * 40}" height="140" rx="50" fill="${c}"/>` +
        `<path d="${wave(290 + i * 20, 900 - i * 20, y + 70, 18, 80)}" fill="none" stroke="${shade(c, 0.5)}" stroke-width="5" stroke-dasharray="12 9"/>`;
    }
    return out;
  },
  cushion: ({ m, s, l }) =>
    shadow(600, 880, 330, l) +
    `<clipPath id="cush"><path d="M300 330 q300 -50 600 0 q-40 270 0 520 q-300 50 -600 0 q40 -250 0 -520z"/></clipPath>` +
    `<g clip-path="url(#cush)"><rect x="250" y="250" width="700" height="700" fill="${s}"/><path d="${wave(250, 960, 560, 30, 175)} V960 H250z" fill="${m}"/><path d="${wave(250, 960, 560, 30, 175)}" fill="none" stroke="${shade(m, 0.35)}" stroke-width="10"/></g>` +
    `<path d="M300 330 q300 -50 600 0 q-40 270 0 520 q-300 50 -600 0 q40 -250 0 -520z" fill="none" stroke="${shade(m, -0.2)}" stroke-width="6"/>`,
  runner: ({ m, s, l }) => {
    let rings = '';
    for (let i = 0; i < 5; i++)
      rings += `<circle cx="${300 + i * 150}" cy="640" r="46" fill="none" stroke="${s}" stroke-width="10" stroke-dasharray="6 6"/><circle cx="${300 + i * 150}" cy="640" r="16" fill="${s}" opacity="0.7"/>`;
    return (
      shadow(600, 830, 480, l) +
      `<path d="M180 520 h840 l-40 240 h-760z" fill="${m}"/>` +
      rings +
      `<path d="M180 520 h840" stroke="${shade(m, 0.3)}" stroke-width="6"/>` +
      `<path d="M220 760 v40 M260 760 v40 M940 760 v40 M980 760 v40" stroke="${m}" stroke-width="6"/>`
    );
  },
  tote: ({ m, s, l }) =>
    shadow(600, 900, 300, l) +
    `<path d="M470 480 C470 260 730 260 730 480" fill="none" stroke="${s}" stroke-width="30"/>` +
    `<path d="M370 460 h460 l40 420 h-540z" fill="${m}"/>` +
    `<rect x="450" y="460" width="40" height="70" fill="${s}"/><rect x="710" y="460" width="40" height="70" fill="${s}"/>` +
    `<path d="M400 560 h400" stroke="${shade(m, -0.15)}" stroke-width="6" stroke-dasharray="14 10"/>`,
  breadbag: ({ m, s, l }) =>
    shadow(600, 900, 280, l) +
    `<g transform="rotate(-18 640 330)"><rect x="560" y="180" width="110" height="320" rx="55" fill="${s}"/><path d="M585 240 l60 20 M585 300 l60 20 M585 360 l60 20" stroke="${shade(s, -0.3)}" stroke-width="8"/></g>` +
    `<path d="M380 440 q220 -60 440 0 q40 220 0 440 q-220 40 -440 0 q-40 -220 0 -440z" fill="${m}"/>` +
    `<path d="M390 500 q210 30 420 0" fill="none" stroke="${shade(m, -0.35)}" stroke-width="8"/>` +
    `<path d="M600 515 q-30 90 -60 120 M600 515 q30 90 60 120" fill="none" stroke="${shade(m, -0.35)}" stroke-width="6"/>`,
  pattern: ({ m, s, l }) => {
    let grid = '';
    for (let r = 0; r < 5; r++)
      grid += `<path d="${wave(420, 780, 470 + r * 70, 18, 60)}" fill="none" stroke="${r % 2 ? m : shade(m, 0.35)}" stroke-width="10"/>`;
    return (
      shadow(600, 920, 280, l) +
      `<path d="M380 260 h340 l100 100 v540 h-440z" fill="${s}" stroke="${shade(l, 0.6)}" stroke-width="4"/>` +
      `<path d="M720 260 v100 h100" fill="${shade(s, -0.08)}" stroke="${shade(l, 0.6)}" stroke-width="4"/>` +
      grid +
      `<rect x="330" y="780" width="180" height="80" rx="10" fill="${l}"/><text x="420" y="834" font-family="Helvetica, Arial, sans-serif" font-size="42" font-weight="700" fill="#fff" text-anchor="middle">PDF</text>`
    );
  },
  ebook: ({ m, s, l }) => {
    let rings = '';
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++)
        rings += `<circle cx="${500 + c * 110}" cy="${420 + r * 110}" r="38" fill="none" stroke="${s}" stroke-width="8"/>`;
    return (
      shadow(600, 920, 280, l) +
      `<rect x="370" y="240" width="480" height="660" rx="12" fill="${m}"/><rect x="370" y="240" width="36" height="660" fill="${shade(m, -0.3)}"/>` +
      rings +
      `<rect x="470" y="770" width="300" height="18" rx="9" fill="${s}"/><rect x="520" y="810" width="200" height="12" rx="6" fill="${s}" opacity="0.7"/>`
    );
  },
  calendar: ({ m, s, l }) => {
    let cells = '';
    for (let r = 0; r < 5; r++) {
      for (let c = 0; c < 7; c++) {
        const x = 360 + c * 70,
          y = 480 + r * 70;
        const k = (r * 7 + c) % 8;
        cells +=
          k === 0
            ? `<circle cx="${x + 25}" cy="${y + 25}" r="18" fill="${s}"/>`
            : k === 4
              ? `<circle cx="${x + 25}" cy="${y + 25}" r="18" fill="none" stroke="${m}" stroke-width="4"/>`
              : `<rect x="${x + 14}" y="${y + 14}" width="22" height="22" rx="4" fill="${shade(m, 0.8)}"/>`;
      }
    }
    return (
      shadow(600, 900, 300, l) +
      `<rect x="330" y="300" width="540" height="580" rx="18" fill="#fffdf8" stroke="${shade(l, 0.7)}" stroke-width="4"/>` +
      `<rect x="330" y="300" width="540" height="130" rx="18" fill="${m}"/>` +
      `<path d="${wave(360, 840, 370, 16, 80)}" fill="none" stroke="${s}" stroke-width="8"/>` +
      cells
    );
  },
  video: ({ m, l }) =>
    shadow(600, 880, 380, l) +
    `<rect x="230" y="320" width="740" height="470" rx="24" fill="${l}"/><rect x="260" y="350" width="680" height="410" rx="10" fill="${shade(m, 0.4)}"/>` +
    `<path d="M480 760 q0 -200 60 -230 h120 q60 30 60 230z" fill="${m}"/><ellipse cx="600" cy="530" rx="60" ry="14" fill="${shade(m, -0.3)}"/>` +
    `<circle cx="600" cy="555" r="80" fill="#ffffff" opacity="0.85"/><path d="M575 515 l70 40 l-70 40z" fill="${l}"/>` +
    `<rect x="520" y="800" width="160" height="40" fill="${l}"/>`,
  wheel: ({ m, s, l }) =>
    `<path d="M360 760 h480 l-60 140 h-360z" fill="${s}"/>` +
    `<ellipse cx="600" cy="760" rx="330" ry="80" fill="${shade(s, -0.25)}"/><ellipse cx="600" cy="745" rx="300" ry="66" fill="${shade(s, 0.3)}"/>` +
    `<ellipse cx="600" cy="735" rx="200" ry="40" fill="${shade(l, 0.35)}"/>` +
    `<path d="M500 730 c-10 -120 20 -200 40 -260 h120 c20 60 50 140 40 260z" fill="${m}"/>` +
    `<ellipse cx="600" cy="470" rx="60" ry="14" fill="${shade(m, -0.3)}"/>` +
    `<path d="M520 560 q80 -16 160 0 M512 640 q88 -16 176 0" fill="none" stroke="${shade(m, -0.15)}" stroke-width="6"/>`,
  vat: ({ m, s, l }) =>
    shadow(600, 900, 320, l) +
    `<path d="M350 470 h500 l-40 410 h-420z" fill="${shade(l, 0.25)}"/><ellipse cx="600" cy="470" rx="250" ry="50" fill="${m}"/>` +
    `<ellipse cx="600" cy="470" rx="250" ry="50" fill="none" stroke="${shade(l, 0.45)}" stroke-width="12"/>` +
    `<path d="M780 450 q60 -20 80 40 v260 q-30 30 -70 0z" fill="${shade(m, 0.35)}"/>` +
    `<circle cx="820" cy="560" r="18" fill="none" stroke="${s}" stroke-width="6"/><circle cx="822" cy="650" r="18" fill="none" stroke="${s}" stroke-width="6"/>` +
    `<path d="M380 600 h440 M390 720 h420" stroke="${shade(l, 0.45)}" stroke-width="10"/>`,
  studio: ({ m, s, l }) => {
    const pot = (x: number, w: number, h: number, c: string) =>
      `<path d="M${x - w / 2} ${700 - h} h${w} l-${w * 0.1} ${h} h-${w * 0.8}z" fill="${c}"/>`;
    return (
      `<rect x="300" y="220" width="600" height="380" rx="12" fill="${shade(s, 0.6)}" stroke="${l}" stroke-width="14"/>` +
      `<path d="M600 220 v380 M300 410 h600" stroke="${l}" stroke-width="10"/>` +
      `<path d="M310 560 ${waveTail(310, 890, 14, 90)}" fill="none" stroke="${shade(s, 0.2)}" stroke-width="6"/>` +
      `<rect x="240" y="700" width="720" height="26" rx="6" fill="${shade(m, -0.3)}"/>` +
      pot(360, 90, 120, m) +
      pot(480, 120, 80, s) +
      pot(620, 80, 150, shade(m, 0.2)) +
      pot(760, 130, 100, shade(s, -0.2)) +
      pot(870, 60, 70, m) +
      shadow(600, 760, 380, l)
    );
  },
  repair: ({ m, s, l }) =>
    shadow(600, 860, 260, l) +
    `<path d="M290 500 A310 300 0 0 0 910 500 Z" fill="${m}" stroke="${shade(l, 0.6)}" stroke-width="4"/>` +
    `<ellipse cx="600" cy="500" rx="310" ry="62" fill="${shade(m, -0.12)}"/>` +
    `<path d="M520 540 l30 60 l-40 50 l50 60 l-20 70 M690 520 l-30 90 l40 70" fill="none" stroke="${s}" stroke-width="10" stroke-linejoin="round"/>` +
    `<rect x="500" y="790" width="200" height="40" rx="10" fill="${shade(m, -0.1)}"/>`,
  box: ({ m, s, l }) =>
    shadow(600, 900, 360, l) +
    `<path d="M380 520 c0 -80 60 -110 110 -110 h40 c30 0 40 30 40 60 v50z" fill="${s}"/><ellipse cx="480" cy="430" rx="60" ry="12" fill="${shade(s, -0.3)}"/>` +
    `<path d="M640 520 l20 -140 q4 -30 34 -30 h80 q30 0 34 30 l20 140z" fill="${shade(s, 0.25)}"/>` +
    `<path d="M300 520 h600 v360 h-600z" fill="${m}"/><path d="M300 520 l-60 -90 h300 l60 90z M900 520 l60 -90 h-300 l-60 90z" fill="${shade(m, -0.12)}"/>` +
    `<rect x="520" y="640" width="160" height="90" rx="6" fill="#fffaf0"/><path d="M540 670 h120 M540 700 h80" stroke="${l}" stroke-width="6"/>`,
  membership: ({ m, s, l }) =>
    shadow(600, 900, 300, l) +
    `<path d="M600 230 C560 300 560 360 600 400" fill="none" stroke="${l}" stroke-width="8"/>` +
    `<rect x="380" y="380" width="440" height="500" rx="60" fill="${m}" transform="rotate(-6 600 630)"/>` +
    `<circle cx="600" cy="450" r="28" fill="${shade(m, 0.7)}" transform="rotate(-6 600 630)"/>` +
    `<g transform="rotate(-6 600 630)"><path d="M540 560 h120 l-14 180 q-4 30 -34 30 h-24 q-30 0 -34 -30z" fill="${s}"/><ellipse cx="600" cy="560" rx="60" ry="14" fill="${shade(s, -0.3)}"/>` +
    `<rect x="470" y="800" width="260" height="20" rx="10" fill="${s}"/></g>`,
  giftcard: ({ m, s, l }) =>
    shadow(600, 900, 380, l) +
    `<g transform="rotate(-8 600 600)"><rect x="250" y="380" width="700" height="440" rx="36" fill="${m}"/>` +
    `<path d="${wave(250, 950, 700, 26, 140)} V784 q0 36 -36 36 h-628 q-36 0 -36 -36z" fill="${shade(m, -0.2)}"/>` +
    `<circle cx="360" cy="480" r="44" fill="none" stroke="${s}" stroke-width="10"/><path d="M330 480 q15 -18 30 0 t30 0" fill="none" stroke="${s}" stroke-width="8"/>` +
    `<text x="890" y="500" font-family="Helvetica, Arial, sans-serif" font-size="52" font-weight="700" letter-spacing="6" fill="${s}" text-anchor="end">GIFT CARD</text>` +
    `<text x="300" y="640" font-family="Georgia, serif" font-size="60" font-style="italic" fill="${s}">Saltgrass Studio</text></g>`,
  'print-heron': ({ m, s, l }) =>
    frame(
      l,
      `<rect width="520" height="680" fill="${shade(s, 0.4)}"/><circle cx="360" cy="230" r="90" fill="${s}"/>` +
        `<path d="M0 470 h520 v210 h-520z" fill="${shade(m, 0.3)}"/><path d="${wave(0, 540, 520, 8, 60)} M0 570 ${waveTail(0, 540, 8, 80)}" fill="none" stroke="${m}" stroke-width="5"/>` +
        `<path d="M220 420 c-40 -20 -60 -90 -20 -120 c30 -20 70 -10 80 20 c10 40 -20 60 -30 100z" fill="${l}"/>` +
        `<path d="M225 310 c-10 -60 10 -110 40 -140" fill="none" stroke="${l}" stroke-width="16" stroke-linecap="round"/><circle cx="268" cy="165" r="18" fill="${l}"/>` +
        `<path d="M282 160 l70 14 l-70 6z" fill="${m}"/><path d="M235 420 v110 M255 420 l10 110" stroke="${l}" stroke-width="6"/>`,
    ),
  'print-tide': ({ m, s, l }) => {
    let d = 'M20 340';
    for (let x = 20; x <= 500; x += 10) d += ` L${x} ${r1(340 + Math.sin(x / 22) * (60 + 50 * Math.sin(x / 140)))}`;
    let grid = '';
    for (let i = 1; i < 6; i++) grid += `<path d="M20 ${i * 110} h480" stroke="${shade(m, 0.6)}" stroke-width="2"/>`;
    return frame(
      l,
      `<rect width="520" height="680" fill="#fffdf7"/>${grid}<path d="${d}" fill="none" stroke="${m}" stroke-width="6"/>` +
        `<path d="${d} L500 680 L20 680z" fill="${s}" opacity="0.25"/><rect x="40" y="590" width="200" height="16" fill="${l}"/><rect x="40" y="620" width="120" height="10" fill="${l}" opacity="0.6"/>`,
    );
  },
  'print-kelp': ({ m, s, l }) => {
    let fronds = '';
    for (let i = 0; i < 7; i++) {
      const x = 50 + i * 70;
      fronds += `<path d="M${x} 680 C${x + 40} 540 ${x - 40} 400 ${x + 20} 240 S${x} 80 ${x + 30} 30" fill="none" stroke="${i % 2 ? s : m}" stroke-width="${14 + (i % 3) * 6}" stroke-linecap="round"/>`;
    }
    return frame(l, `<rect width="520" height="680" fill="${shade(m, 0.78)}"/>${fronds}`);
  },
  'print-lighthouse': ({ m, s, l }) => {
    const house = (x: number, y: number) =>
      `<path d="M${x - 14} ${y} l6 -60 h16 l6 60z" fill="#fff" stroke="${l}" stroke-width="3"/><rect x="${x - 11}" y="${y - 40}" width="22" height="10" fill="${m}"/><path d="M${x} ${y - 66} l90 -30 v60z" fill="${s}" opacity="0.7"/>`;
    return frame(
      l,
      `<rect width="520" height="680" fill="${shade(s, 0.55)}"/>` +
        `<path d="M0 0 h180 c-30 80 40 140 0 220 c-40 80 60 120 20 200 c-30 70 40 140 0 260 h-200z" fill="${shade(s, -0.1)}" stroke="${l}" stroke-width="3"/>` +
        house(150, 140) +
        house(210, 300) +
        house(190, 470) +
        house(120, 620) +
        house(330, 380) +
        `<g fill="none" stroke="${l}" stroke-width="2" opacity="0.5"><circle cx="380" cy="160" r="60"/><circle cx="380" cy="160" r="100"/><path d="M260 560 h200 M300 600 h160"/></g>`,
    );
  },
  'print-shells': ({ m, s, l }) => {
    let shells = '';
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        const x = 95 + c * 165,
          y = 120 + r * 210;
        shells +=
          (r + c) % 2 === 0
            ? `<path d="M${x - 50} ${y + 40} Q${x} ${y - 80} ${x + 50} ${y + 40}z" fill="${m}"/><path d="M${x} ${y - 30} L${x} ${y + 40} M${x} ${y - 30} L${x - 30} ${y + 40} M${x} ${y - 30} L${x + 30} ${y + 40}" stroke="${shade(m, -0.3)}" stroke-width="3"/>`
            : `<path d="M${x} ${y} m-10 0 a10 10 0 1 1 20 0 a20 20 0 1 1 -40 0 a30 30 0 1 1 60 0 a40 40 0 1 1 -80 0" fill="none" stroke="${r % 2 ? l : shade(m, -0.2)}" stroke-width="6"/>`;
      }
    }
    return frame(l, `<rect width="520" height="680" fill="${shade(s, 0.5)}"/>${shells}`);
  },
  postcards: ({ m, s, l }) => {
    const card = (rot: number, bg: string, inner: string) =>
      `<g transform="rotate(${rot} 600 620)"><rect x="340" y="460" width="520" height="340" rx="10" fill="#fffdf7" stroke="${shade(l, 0.7)}" stroke-width="3"/><rect x="360" y="480" width="480" height="300" fill="${bg}"/>${inner}</g>`;
    return (
      shadow(600, 900, 360, l) +
      card(-14, shade(m, 0.4), `<circle cx="600" cy="600" r="60" fill="${s}"/>`) +
      card(-4, shade(s, 0.5), `<path d="${wave(360, 840, 640, 20, 80)}" fill="none" stroke="${m}" stroke-width="10"/>`) +
      card(
        8,
        shade(l, 0.85),
        `<path d="M420 760 l120 -180 l80 110 l60 -60 l120 130z" fill="${m}"/><circle cx="760" cy="540" r="30" fill="${s}"/>`,
      )
    );
  },
};

/** A framed print: `art` is drawn in a 520 x 680 box. */
function frame(l: string, art: string): string {
  return (
    shadow(600, 1010, 320, l) +
    `<rect x="290" y="170" width="620" height="820" fill="${l}"/><rect x="310" y="190" width="580" height="780" fill="#fbf9f4"/>` +
    `<svg x="340" y="240" width="520" height="680" viewBox="0 0 520 680">${art}</svg>`
  );
}

function svg(w: number, h: number, title: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img"><title>${escape(title)}</title>${body}</svg>\n`;
}

function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Background: a wall and the surface the object stands on. */
function backdrop(bg: string, detail: boolean): string {
  const wall = detail ? shade(bg, -0.06) : bg;
  return `<rect width="1200" height="1200" fill="${wall}"/><rect y="${detail ? 980 : 880}" width="1200" height="${detail ? 220 : 320}" fill="${shade(wall, -0.07)}"/>`;
}

export function productSvg(p: SeedProduct, glaze?: string, detail = false): string {
  const [bg, m, s, l] = p.art.palette;
  const draw = MOTIFS[p.art.motif];
  if (!draw) throw new Error(`No drawing for motif "${p.art.motif}" (product ${p.slug})`);
  const body = draw({ bg, m: glaze ?? m, s, l }, p.slug);
  const content = detail ? `<g transform="translate(600 640) scale(1.55) translate(-600 -640)">${body}</g>` : body;
  return svg(1200, 1200, detail ? `${p.title}, detail` : p.title, backdrop(bg, detail) + content);
}

function heroSvg(): string {
  const sand = '#efe6d8',
    sea = '#4f8a9c',
    ink = '#2f3e55';
  let grass = '';
  const rand = rng('hero');
  for (let i = 0; i < 70; i++) {
    const x = r1(rand() * 2400),
      h = r1(60 + rand() * 120);
    grass += `<path d="M${x} 1010 q${r1(rand() * 30 - 15)} ${-h / 2} ${r1(rand() * 40 - 20)} ${-h}" />`;
  }
  const pot = (x: number, w: number, h: number, c: string) =>
    `<path d="M${x - w / 2} ${900 - h} h${w} l-${r1(w * 0.12)} ${h} h-${r1(w * 0.76)}z" fill="${c}"/><ellipse cx="${x}" cy="${900 - h}" rx="${w / 2}" ry="${r1(w * 0.1)}" fill="${shade(c, -0.3)}"/>`;
  return svg(
    2400,
    1200,
    'The harbour at Saltgrass Studio',
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f3e3dc"/><stop offset="1" stop-color="#e3ebe8"/></linearGradient></defs>` +
      `<rect width="2400" height="1200" fill="url(#sky)"/><circle cx="1240" cy="300" r="150" fill="#f0c9a8"/>` +
      `<path d="M0 600 h2400 v600 h-2400z" fill="${sea}"/>` +
      `<g fill="none" stroke="#8fb9a8" stroke-width="6" opacity="0.7"><path d="${wave(0, 2400, 660, 10, 160)}"/><path d="${wave(80, 2400, 720, 10, 200)}"/><path d="${wave(0, 2400, 790, 10, 240)}"/></g>` +
      `<path d="M0 860 C500 780 900 900 1400 850 S2100 800 2400 860 V1200 H0z" fill="${sand}"/>` +
      `<g stroke="#5d7a4f" stroke-width="5" fill="none" stroke-linecap="round">${grass}</g>` +
      `<rect x="1250" y="900" width="1000" height="30" rx="8" fill="#9a948a"/>` +
      pot(1370, 130, 170, '#8fb9a8') +
      pot(1550, 180, 110, '#c98e6a') +
      pot(1740, 110, 220, '#2f3e55') +
      pot(1930, 160, 140, '#d9c9ac') +
      pot(2110, 120, 90, '#b4623d') +
      `<path d="M2180 560 l40 -130 h20 l40 130z" fill="#f4f1ea" stroke="${ink}" stroke-width="4"/><rect x="2215" y="470" width="30" height="20" fill="#b4623d"/>`,
  );
}

function pageSvg(kind: 'about' | 'shipping' | 'contact'): string {
  const bg = kind === 'about' ? '#e3ebe8' : kind === 'shipping' ? '#f3e3dc' : '#efe6d8';
  let body = `<rect width="1600" height="800" fill="${bg}"/><rect y="620" width="1600" height="180" fill="${shade(bg, -0.07)}"/>`;
  if (kind === 'about') {
    body +=
      `<rect x="500" y="120" width="600" height="360" rx="10" fill="#f6f1ea" stroke="#33302c" stroke-width="12"/><path d="M800 120 v360 M500 300 h600" stroke="#33302c" stroke-width="8"/>` +
      `<path d="${wave(510, 1090, 420, 12, 90)}" fill="none" stroke="#4f8a9c" stroke-width="8"/>` +
      `<rect x="380" y="610" width="840" height="24" rx="6" fill="#7a6a58"/>` +
      [
        [480, 90, 130, '#8fb9a8'],
        [620, 130, 90, '#c98e6a'],
        [760, 80, 170, '#2f3e55'],
        [900, 140, 110, '#d9c9ac'],
        [1060, 100, 80, '#b4623d'],
      ]
        .map(
          ([x, w, h, c]) =>
            `<path d="M${Number(x) - Number(w) / 2} ${610 - Number(h)} h${w} l-${Number(w) * 0.1} ${h} h-${Number(w) * 0.8}z" fill="${c}"/>`,
        )
        .join('');
  } else if (kind === 'shipping') {
    body +=
      `<path d="M560 300 l240 -90 l240 90 v260 l-240 90 l-240 -90z" fill="#c9a27a"/><path d="M560 300 l240 90 l240 -90 M800 390 v260" fill="none" stroke="#a27c55" stroke-width="8"/>` +
      `<path d="M680 255 l240 90 v70" fill="none" stroke="#f6f1ea" stroke-width="26"/>` +
      `<rect x="860" y="450" width="130" height="80" rx="6" fill="#f6f1ea" transform="rotate(-20 925 490)"/>` +
      `<path d="M1120 520 ${waveTail(1120, 1400, 10, 70)}" fill="none" stroke="#4f8a9c" stroke-width="6"/>` +
      shadow(800, 690, 300, '#33302c');
  } else {
    body +=
      `<path d="M0 0 h600 c-60 120 40 220 -20 330 c-50 100 80 200 20 470 h-600z" fill="#d9c9ac"/>` +
      `<g fill="none" stroke="#4f8a9c" stroke-width="4" opacity="0.6"><path d="${wave(640, 1600, 200, 8, 120)}"/><path d="${wave(700, 1600, 320, 8, 140)}"/><path d="${wave(660, 1600, 460, 8, 160)}"/></g>` +
      `<path d="M560 420 c0 -90 140 -90 140 0 c0 60 -70 120 -70 170 c0 -50 -70 -110 -70 -170z" fill="#b4623d"/><circle cx="630" cy="420" r="26" fill="#f6f1ea"/>`;
  }
  const titles = {
    about: 'The studio window on Wharf Lane',
    shipping: 'A parcel wrapped in paper and string',
    contact: 'The harbour on a map',
  };
  return svg(1600, 800, titles[kind], body);
}

/** Every picture by its public path (as referenced by the seed). */
export function allImages(): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of PRODUCTS) {
    out.set(productImage(p.slug), productSvg(p));
    out.set(detailImage(p.slug), productSvg(p, undefined, true));
    for (const v of p.variants) if (v.glaze) out.set(variantImage(p.slug, v.key), productSvg(p, v.glaze));
  }
  for (const page of PAGES) {
    if (!page.image) continue;
    const name = path.basename(page.image.url, '.svg');
    out.set(page.image.url, name === 'hero' ? heroSvg() : pageSvg(name as 'about' | 'shipping' | 'contact'));
  }
  return out;
}

/** Writes the pictures under `publicDir`, removing stale ones; returns how many were written. */
export function writeImages(publicDir: string): number {
  const images = allImages();
  for (const sub of ['images/products', 'images/pages']) {
    const dir = path.join(publicDir, sub);
    fs.mkdirSync(dir, { recursive: true });
    for (const f of fs.readdirSync(dir)) if (f.endsWith('.svg') && !images.has(`/${sub}/${f}`)) fs.rmSync(path.join(dir, f));
  }
  for (const [url, content] of images) fs.writeFileSync(path.join(publicDir, url), content);
  return images.size;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public');
  console.log(`wrote ${writeImages(publicDir)} pictures under ${publicDir}/images`);
}
