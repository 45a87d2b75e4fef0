// Small shared pieces: grade badge (text + colour), score bar (text + bar), problem banner,
// sample-data label. Every API value is a JSX text child, so it is never parsed as markup.
import { describeProblem } from '../api/client';
import { gradeFamily } from '../grades';

export function GradeBadge({ grade }: { grade: string }) {
  return (
    <span class={`grade grade-${gradeFamily(grade)}`} title={`Grade ${grade}`}>
      {grade}
    </span>
  );
}

export function ScoreBar({ label, value }: { label: string; value: unknown }) {
  const score = typeof value === 'number' && Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : undefined;
  const text = score === undefined ? '–' : score.toFixed(2);
  return (
    <span class="score">
      <meter
        class="score-bar"
        min={0}
        max={1}
        low={0.5}
        high={0.85}
        optimum={1}
        value={score ?? 0}
        aria-label={`${label} score ${text}`}
      />
      <span class="score-text">{text}</span>
    </span>
  );
}

export function Problem({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null;
  return (
    <p class="problem" role="alert">
      {describeProblem(error)}
    </p>
  );
}

export function SampleLabel({ context }: { context: unknown }) {
  if (!isSample(context)) return null;
  const source = (context as { data_source?: unknown }).data_source;
  return (
    <p class="sample-label" role="note">
      <strong>Sample data.</strong>{' '}
      {typeof source === 'string' ? source : 'Synthetic instruments, not live market data.'}
    </p>
  );
}

export function isSample(context: unknown): boolean {
  if (typeof context !== 'object' || context === null) return false;
  const { sample, data_source } = context as { sample?: unknown; data_source?: unknown };
  return sample === true || (typeof data_source === 'string' && /sample/i.test(data_source));
}

/** A table head of plain column titles. */
export function Head({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th scope="col" key={c}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
