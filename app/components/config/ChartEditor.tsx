// The chart block's dataset editor (SPEC 2): a table of inputs (a header row of column names, then
// a label and a value per column in each row) that is posted as it is, so it works without
// JavaScript; the server checks it with the SPEC 5 texts and keeps what was typed. With JavaScript a
// live Chart.js preview (loaded on first use) follows every keystroke, with the same checks.
import { useEffect, useRef, useState } from 'react';
import {
  CHART_KIND_LABELS,
  CHART_KINDS,
  CHART_LIMITS,
  cellName,
  columnName,
  editorGrid,
  labelName,
  typedDataset,
  validateDataset,
  type TypedDataset,
} from '../../config/blocks/chart.js';
import { Field, SelectField } from './Field.js';

export function ChartEditor({ dataset, error }: { dataset: TypedDataset; error: string | null }) {
  const grid = editorGrid(dataset);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const root = box.current;
    const form = root?.closest('form');
    if (!root || !form || !canvas.current) return;
    let destroy: (() => void) | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const redraw = () => {
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === 'string') params.append(k, v);
      const checked = validateDataset(typedDataset(params).data);
      if (!checked.ok) {
        setProblem(checked.error);
        return;
      }
      setProblem(null);
      void import('../chart-draw.js')
        .then(({ drawChart }) => drawChart(canvas.current!, checked.value))
        .then((d) => {
          destroy?.();
          if (alive) destroy = d;
          else d();
        });
    };
    const onInput = () => {
      clearTimeout(timer);
      timer = setTimeout(redraw, 150);
    };
    form.addEventListener('input', onInput);
    form.addEventListener('change', onInput);
    setReady(true);
    redraw();
    return () => {
      alive = false;
      clearTimeout(timer);
      form.removeEventListener('input', onInput);
      form.removeEventListener('change', onInput);
      destroy?.();
    };
  }, []);

  return (
    <div ref={box} className="chart-editor">
      <SelectField
        name="kind"
        label="Chart type"
        options={CHART_KINDS.map((k) => ({ value: k, label: CHART_KIND_LABELS[k] }))}
        defaultValue={dataset.kind}
      />
      <Field name="title" label="Title" maxLength={CHART_LIMITS.title} defaultValue={dataset.title} />
      <fieldset>
        <legend>Data</legend>
        <p className="hint" id="chart-limits">
          {`Name each column (a series) in the first row and each row in the first column; every other cell is a number. At most ${CHART_LIMITS.rows} rows and ${CHART_LIMITS.columns} columns (anything beyond is dropped) and ${CHART_LIMITS.label} characters a label. Save to get more empty rows.`}
        </p>
        {error ? (
          <p className="error" id="chart-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="table-scroll">
          <table className="data chart-grid">
            <caption className="visually-hidden">Chart data</caption>
            <thead>
              <tr>
                <th scope="col">
                  <input
                    name="labelHeading"
                    aria-label="Heading of the label column"
                    placeholder="Label"
                    maxLength={CHART_LIMITS.label}
                    defaultValue={dataset.labelHeading}
                  />
                </th>
                {grid.columns.map((c, i) => (
                  <th scope="col" key={i}>
                    <input name={columnName(i)} aria-label={`Column ${i + 1} name`} maxLength={CHART_LIMITS.label} defaultValue={c} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((r, ri) => (
                <tr key={ri}>
                  <th scope="row">
                    <input name={labelName(ri)} aria-label={`Row ${ri + 1} label`} maxLength={CHART_LIMITS.label} defaultValue={r.label} />
                  </th>
                  {r.cells.map((v, ci) => (
                    <td key={ci}>
                      <input
                        name={cellName(ri, ci)}
                        inputMode="decimal"
                        aria-label={`Row ${ri + 1}, column ${ci + 1} value`}
                        aria-describedby={error ? 'chart-error' : undefined}
                        size={6}
                        defaultValue={v}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <section className="chart-preview" aria-labelledby="chart-preview-h" hidden={!ready}>
        <h3 id="chart-preview-h">Preview</h3>
        <p className="hint" aria-live="polite">
          {problem ?? ''}
        </p>
        <canvas ref={canvas} role="img" aria-label="Preview of the chart" hidden={problem !== null} />
      </section>
    </div>
  );
}
