import type { AttemptRow } from '../../../common/runs/run-types';
import { AttemptFacts } from './attempt-facts';
import { AttemptTerminal } from './attempt-terminal';

/** Props of the terminal panes. */
export interface TerminalPanesProps {
  /** The selected attempt first, then the attempts kept open beside it. */
  attempts: AttemptRow[];
  /** Ids kept open (the selected one may be among them). */
  kept: number[];
  onKeep(id: number): void;
  onClose(id: number): void;
}

/**
 * Several terminals at once: the selected attempt's, and each attempt kept open with
 * *Keep open*, every one streaming its own output (batched as ever) while it runs and
 * showing its stored log once it has ended.
 */
export function TerminalPanes({ attempts, kept, onKeep, onClose }: TerminalPanesProps) {
  return (
    <div className={attempts.length > 1 ? 'terminal-panes terminal-panes-many' : 'terminal-panes'} data-testid="terminal-panes" data-count={attempts.length}>
      {attempts.map((attempt, i) => (
        <div key={attempt.id} className="terminal-pane" data-testid="terminal-pane" data-attempt-id={attempt.id}>
          <AttemptFacts attempt={attempt} />
          <div className="terminal-pane-actions">
            {i === 0 && !kept.includes(attempt.id) ? (
              <button
                type="button"
                className="button button-small"
                onClick={() => onKeep(attempt.id)}
                data-testid="terminal-keep"
                title="Keep this terminal open while you select other attempts"
              >
                Keep open
              </button>
            ) : (
              kept.includes(attempt.id) && (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => onClose(attempt.id)}
                  data-testid="terminal-close"
                  aria-label={`Close the terminal of attempt ${attempt.id}`}
                >
                  Close
                </button>
              )
            )}
          </div>
          <AttemptTerminal attempt={attempt} />
        </div>
      ))}
    </div>
  );
}
