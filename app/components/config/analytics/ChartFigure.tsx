// A chart of the analytics dashboards: a Chart.js canvas drawn on the client only (Chart.js is
// loaded on first use through chart-draw.ts), labelled as an image that sums up the table it comes
// with. The table (passed as children) holds every figure: screen readers, and browsers without
// JavaScript (where the canvas stays hidden), read it.
import { useEffect, useRef, type ReactNode } from 'react';
import type { ChartData } from '../../chart-draw.js';

export function ChartFigure({ data, summary, children }: { data: ChartData | null; summary: string; children: ReactNode }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const json = data ? JSON.stringify(data) : '';
  useEffect(() => {
    const el = canvas.current;
    if (!el || !json) return;
    let destroy: (() => void) | null = null;
    let alive = true;
    void import('../../chart-draw.js')
      .then(({ drawChart }) => {
        el.hidden = false;
        return drawChart(el, JSON.parse(json) as ChartData);
      })
      .then(
        (d) => (alive ? (destroy = d) : d()),
        () => {
          el.hidden = true;
        },
      );
    return () => {
      alive = false;
      destroy?.();
    };
  }, [json]);
  return (
    <div className="analytics-chart">
      {data ? <canvas ref={canvas} hidden role="img" aria-label={`${summary} (chart; the table has every figure)`} /> : null}
      <div className="table-scroll">{children}</div>
    </div>
  );
}
