import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { modelBlocked, NoKeyReason, usePipelineStore, useVerdictStore, verdictKey, type JudgeState } from '../pipeline';
import { formatHash } from '../router/route';
import { protectedTotal, retrievalKey, useRetrievalStore, type RetrievalTarget } from '../libraries';

/** A link to the run on the Pipeline screen, its detail opened. */
function RunLink({ run }: { run: string }) {
  return (
    <a href={formatHash({ name: 'pipeline', run })} className="mono" data-testid="judge-run-link">
      {run}
    </a>
  );
}

function JudgeProgress({ state }: { state: JudgeState }) {
  if (state.status === 'refused') {
    return (
      <p className="field-error judge-note" role="alert" data-testid="judge-error">
        {state.message}
      </p>
    );
  }
  if (state.status === 'starting' || state.status === 'running') {
    const total = state.total ?? 0;
    return (
      <div className="judge-note judge-progress" role="status" data-testid="judge-progress">
        {total > 0 ? <progress max={total} value={Math.min(state.done, total)} /> : <progress />}
        <span>
          judging… {state.done}/{state.total ?? '?'}
        </span>
        {state.run !== null && <RunLink run={state.run} />}
      </div>
    );
  }
  const ok = state.status === 'done';
  return (
    <>
      <p className={ok ? 'judge-note muted' : 'judge-note field-error'} role={ok ? 'status' : 'alert'} data-testid={ok ? 'judge-done' : 'judge-error'}>
        {ok ? 'Judged' : `Judge run ${state.status}`}
        {state.message !== null && `: ${state.message}`} · run <RunLink run={state.run!} />
      </p>
      {state.problem !== null && (
        <p className="judge-note field-error" role="alert" data-testid="judge-error">
          {state.problem}
        </p>
      )}
    </>
  );
}

/**
 * "Judge with CWM": asks the judge, as a pipeline run, whether each rubric the panel retrieved
 * fires on this rollout's program (or the selected step's), with the panel's library, pool,
 * slots and protected slots. The cards show the verdicts once the run ends.
 */
export function RubricsJudge({ target }: { target: RetrievalTarget }) {
  const status = usePipelineStore((s) => s.status);
  const { settings, rubrics } = useRetrievalStore(
    useShallow((s) => ({
      settings: s.settings,
      // Only an answer for these settings says how many rubrics a judge would see.
      rubrics: s.resultKey === retrievalKey(s.settings, target) ? (s.result?.rubrics.length ?? null) : null,
    })),
  );
  const library = settings.library;
  const key = library === null ? null : verdictKey({ ...target, library });
  const state = useVerdictStore((s) => (key === null ? undefined : s.judges[key]));

  useEffect(() => {
    void usePipelineStore.getState().loadStatus();
  }, []);

  const blocked = modelBlocked(status);
  const busy = state?.status === 'starting' || state?.status === 'running';
  const empty = rubrics === 0;
  const over = protectedTotal(settings) > settings.slots;
  const disabled = library === null || blocked || busy || empty || over;

  return (
    <div className="rubrics-judge" data-testid="rubrics-judge" data-state={state?.status ?? 'idle'}>
      <div className="judge-row">
        <button
          type="button"
          className="button button-small"
          data-testid="judge-button"
          disabled={disabled}
          aria-describedby={blocked ? 'judge-no-key' : undefined}
          title="Ask the CWM whether each rubric retrieved here fires on this program, from its static facts only"
          onClick={() => void useVerdictStore.getState().judge({ ...target, library: library! }, settings)}
        >
          Judge with CWM
        </button>
        {empty && <span className="muted">no rubrics to judge</span>}
      </div>
      {blocked && <NoKeyReason id="judge-no-key" what="Judging calls" testId="judge-reason" />}
      {state !== undefined && <JudgeProgress state={state} />}
    </div>
  );
}
