import type { FailureEvent } from '../../../common/corpus/corpus-types';
import { KindBadge } from '../components/kind-badge';

/** Failures found at grading (no step): why the answer was wrong or invalid. */
export function GradingFailures({ failures }: { failures: FailureEvent[] }) {
  if (failures.length === 0) return null;
  return (
    <ul className="grading-failures" aria-label="Failures found at grading">
      {failures.map((f) => (
        <li key={f.id}>
          <KindBadge kind={f.kind} />
          {f.category && <span className="category-code">{f.category}</span>}
          <span>{f.cause ?? f.message ?? f.exceptionClass ?? 'no cause recorded'}</span>
        </li>
      ))}
    </ul>
  );
}
