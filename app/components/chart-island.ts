// The chart island: with JavaScript on, each chart block of a page (a <canvas data-chart> the
// theme's page-blocks partial prints beside the table of its data) is drawn with Chart.js. Without
// JavaScript, or if drawing fails, the table alone shows the data; it stays for screen readers.
import { drawChart, isChartData } from './chart-draw.js';

export function enhanceCharts(root: HTMLElement | null): () => void {
  const undo: (() => void)[] = [];
  let stopped = false;
  for (const canvas of root?.querySelectorAll<HTMLCanvasElement>('canvas[data-chart]') ?? []) {
    let data: unknown;
    try {
      data = JSON.parse(canvas.dataset.chartData ?? '');
    } catch {
      continue;
    }
    if (!isChartData(data)) continue;
    canvas.hidden = false;
    drawChart(canvas, data).then(
      (destroy) => (stopped ? destroy() : undo.push(destroy)),
      () => {
        canvas.hidden = true;
      },
    );
  }
  return () => {
    stopped = true;
    undo.forEach((f) => f());
  };
}
