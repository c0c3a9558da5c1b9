// What the checks on save (or the live preview) found in a theme: each problem with its template,
// line and column; the ones that keep the theme from being published first.
export interface ThemeProblemView {
  template: string;
  line: number | null;
  column: number | null;
  message: string;
  blocking: boolean;
}

export function ThemeProblems({ problems, title = 'Problems found on save' }: { problems: ThemeProblemView[]; title?: string }) {
  if (problems.length === 0) return null;
  const sorted = [...problems].sort((a, b) => Number(b.blocking) - Number(a.blocking));
  return (
    <section className="card theme-problems" aria-label={title}>
      <h2>{title}</h2>
      <ul>
        {sorted.map((p, i) => (
          <li key={i} className={p.blocking ? 'blocking' : 'warning'}>
            <strong>{p.blocking ? 'Cannot publish: ' : 'Warning: '}</strong>
            {`${p.template}${p.line !== null ? `, line ${p.line}, column ${p.column ?? 1}` : ''}: ${p.message}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
