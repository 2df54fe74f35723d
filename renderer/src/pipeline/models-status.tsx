import type { ModelsStatus as Status } from '../../../common/model/model-types';
import { formatHash } from '../router/route';

/** Whether model features can run here; without a key it says what would make them run. */
export function ModelsStatus({ status }: { status: Status | null }) {
  if (status === null) {
    return (
      <section className="models-status" data-testid="models-status" data-state="loading" aria-label="Model status">
        <span className="muted">Checking model access…</span>
      </section>
    );
  }
  const ready = status.hasKey || status.mode === 'replay';
  return (
    <section
      className={ready ? 'models-status ready' : 'models-status no-key'}
      data-testid="models-status"
      data-state={ready ? 'ready' : 'no-key'}
      data-has-key={String(status.hasKey)}
      data-mode={status.mode}
      aria-label="Model status"
    >
      <span className={ready ? 'badge badge-ok' : 'badge badge-warn'}>{status.mode === 'replay' ? 'replay mode' : 'live mode'}</span>
      <span className={status.hasKey ? 'badge badge-ok' : 'badge badge-neutral'}>{status.hasKey ? 'API key set' : 'no API key'}</span>
      {status.mode === 'replay' ? (
        <span>Model calls are answered from the ledger only: no network, nothing is paid; a request never answered before stops its run.</span>
      ) : status.hasKey ? (
        <span>Model calls go to the Anthropic API and are recorded in the ledger below.</span>
      ) : (
        <span>
          Model features (mining, curation, judging) need an API key, set in <a href={formatHash({ name: 'settings' })}>Settings</a> or as{' '}
          <code>ANTHROPIC_API_KEY</code> in the backend&apos;s environment, or replay mode (<code>RWB_MODEL_MODE=replay</code>) to answer from the ledger.
          Everything else works without them.
        </span>
      )}
    </section>
  );
}
