import { useId, useState } from 'react';
import type { RetrievedRubric } from '../../../common/rubrics/rubric-types';
import { useOperation } from '../api/use-operation';
import { formatHash } from '../router/route';
import { useRetrievalStore } from '../libraries';

/** What retrieval reads: a write to any of these may change the rubrics either side gets. */
const retrievalTables = ['libraries', 'library_rubrics', 'rubrics', 'failure_events', 'categories'] as const;

function RubricLinks({ rubrics, testId }: { rubrics: RetrievedRubric[]; testId: string }) {
  return (
    <span className="rubric-links" data-testid={testId} data-count={rubrics.length}>
      {rubrics.length === 0
        ? 'none'
        : rubrics.map((r) => (
            <a key={r.id} href={formatHash({ name: 'rubric', id: r.id })} title={r.title}>
              {r.title}
            </a>
          ))}
    </span>
  );
}

/**
 * The rubrics category-split retrieval gives each side (for the whole rollout, its failures
 * included, as the Rollout screen's panel retrieves by default), split into those only A gets,
 * only B gets, and both: what a judge would be shown differently for the two runs.
 */
export function RubricsDifference({ a, b }: { a: string; b: string }) {
  const selectId = useId();
  const libraries = useOperation('libraries.list', {}, { tables: ['libraries'] });
  const panelLibrary = useRetrievalStore((s) => s.settings.library);
  const [chosen, setChosen] = useState<string | null>(null);
  const library = chosen ?? panelLibrary ?? libraries.data?.[0]?.id ?? null;
  const forA = useOperation('retrieval.run', library === null ? null : { library, rollout: a }, { tables: retrievalTables });
  const forB = useOperation('retrieval.run', library === null ? null : { library, rollout: b }, { tables: retrievalTables });
  if (libraries.data?.length === 0) return <div className="rubrics-difference muted">No library to retrieve rubrics from.</div>;
  const idsA = new Set(forA.data?.rubrics.map((r) => r.id));
  const idsB = new Set(forB.data?.rubrics.map((r) => r.id));
  const error = forA.error ?? forB.error;
  return (
    <div className="rubrics-difference" data-testid="rubrics-difference">
      <label htmlFor={selectId}>Rubrics retrieved from</label>
      <select id={selectId} value={library ?? ''} onChange={(e) => setChosen(e.target.value)}>
        {libraries.data?.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
      {error ? (
        <span className="muted">could not be retrieved: {error.message}</span>
      ) : forA.data && forB.data ? (
        <>
          <span className="muted">only A:</span>
          <RubricLinks rubrics={forA.data.rubrics.filter((r) => !idsB.has(r.id))} testId="rubrics-only-a" />
          <span className="muted">only B:</span>
          <RubricLinks rubrics={forB.data.rubrics.filter((r) => !idsA.has(r.id))} testId="rubrics-only-b" />
          <span className="muted">both: {forA.data.rubrics.filter((r) => idsB.has(r.id)).length}</span>
        </>
      ) : (
        <span className="muted">retrieving…</span>
      )}
    </div>
  );
}
