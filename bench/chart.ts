// A horizontal bar chart (SVG) of the bench ratios, on a log scale with the 1x line marked.

export function ratiosSvg(ratios: Record<string, number | null>): string {
  const rows = Object.entries(ratios).filter((r): r is [string, number] => typeof r[1] === 'number' && r[1] > 0);
  const rowH = 22;
  const left = 260;
  const width = 760;
  const plot = width - left - 70;
  const height = rows.length * rowH + 50;
  const max = Math.max(4, ...rows.map(([, v]) => v));
  const min = Math.min(0.25, ...rows.map(([, v]) => v));
  const x = (v: number) => left + ((Math.log(v) - Math.log(min)) / (Math.log(max) - Math.log(min))) * plot;
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  let body = '';
  rows.forEach(([k, v], i) => {
    const y = 30 + i * rowH;
    const x1 = x(1);
    const xv = x(v);
    const color = v >= 1 ? '#2f855a' : '#c53030';
    body += `<text x="${left - 8}" y="${y + 14}" text-anchor="end" font-size="12">${esc(k)}</text>`;
    body += `<rect x="${Math.min(x1, xv)}" y="${y + 3}" width="${Math.max(1, Math.abs(xv - x1))}" height="${rowH - 8}" fill="${color}"/>`;
    body += `<text x="${Math.max(x1, xv) + 4}" y="${y + 14}" font-size="12">${v.toFixed(2)}x</text>`;
  });
  const x1 = x(1);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif">
<text x="10" y="18" font-size="14" font-weight="bold">Speed-up of ours over the other (log scale; above 1x we are faster)</text>
${body}
<line x1="${x1}" y1="26" x2="${x1}" y2="${height - 10}" stroke="#333" stroke-dasharray="4 3"/>
</svg>
`;
}
