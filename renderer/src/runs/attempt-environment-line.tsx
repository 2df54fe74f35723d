import { environmentFacts, type AttemptEnvironment } from '../../../common/runs/attempt-diagnosis';

/** Where an attempt ran, under its outcome. */
export function AttemptEnvironmentLine({ environment }: { environment: AttemptEnvironment }) {
  return (
    <span className="attempt-environment muted" data-testid="attempt-environment" data-host={environment.host}>
      {environmentFacts(environment).join(' · ')}
    </span>
  );
}
