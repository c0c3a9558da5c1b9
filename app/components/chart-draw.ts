// Draws a chart block's dataset on a <canvas> with Chart.js, loaded on first use only (a dynamic
// import: pages without a chart never fetch it) and with only the pieces bar, line and pie charts
// need registered, so the rest of the library is tree-shaken away. Used by the storefront's chart
// island and the owner's live preview; never imported on the server.

export interface ChartData {
  kind: 'bar' | 'line' | 'pie';
  columns: string[];
  rows: { label: string; values: number[] }[];
}

type ChartModule = typeof import('chart.js');
let loading: Promise<ChartModule> | null = null;

function loadChartJs(): Promise<ChartModule> {
  loading ??= import('chart.js').then((m) => {
    m.Chart.register(
      m.BarController,
      m.BarElement,
      m.LineController,
      m.LineElement,
      m.PointElement,
      m.PieController,
      m.ArcElement,
      m.CategoryScale,
      m.LinearScale,
      m.Legend,
      m.Tooltip,
    );
    return m;
  });
  return loading;
}

// A palette with enough contrast on light backgrounds (one colour per series, or per slice of a pie).
const COLOURS = ['#1f5f8b', '#c0392b', '#2e7d32', '#8e44ad', '#b9770e', '#00838f', '#6d4c41', '#ad1457', '#455a64', '#5d6d1e'];

/** Whether a value read from a page or a form is a dataset this module can draw. */
export function isChartData(v: unknown): v is ChartData {
  if (!v || typeof v !== 'object') return false;
  const d = v as ChartData;
  return (
    ['bar', 'line', 'pie'].includes(d.kind) &&
    Array.isArray(d.columns) &&
    Array.isArray(d.rows) &&
    d.rows.every((r) => typeof r.label === 'string' && Array.isArray(r.values) && r.values.every((n) => typeof n === 'number'))
  );
}

/** Draws `data` on `canvas`; returns a function that destroys the chart. */
export async function drawChart(canvas: HTMLCanvasElement, data: ChartData): Promise<() => void> {
  const { Chart } = await loadChartJs();
  Chart.getChart(canvas)?.destroy();
  const labels = data.rows.map((r) => r.label);
  const pie = data.kind === 'pie';
  const datasets = data.columns.map((name, c) => ({
    label: name,
    data: data.rows.map((r) => r.values[c] ?? 0),
    backgroundColor: pie ? data.rows.map((_, i) => COLOURS[i % COLOURS.length]) : COLOURS[c % COLOURS.length],
    borderColor: pie ? '#fff' : COLOURS[c % COLOURS.length],
  }));
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const chart = new Chart(canvas, {
    type: data.kind,
    data: { labels, datasets },
    options: { responsive: true, maintainAspectRatio: true, animation: reduced ? false : undefined },
  });
  return () => chart.destroy();
}
