import { useEffect, useId, useRef, useState } from 'react';
import type { AttemptRow } from '../../../common/runs/run-types';
import { api } from '../api/bridge';
import { latestRequest } from '../api/latest-request';
import { formatBytes } from '../lib/format';
import { reportError } from '../app-state/app-store';
import { disposeTerminal, registerTerminal, terminalFor } from './terminal-registry';
import { followAttempt, type MissedOutput } from './attempt-output-tap';
import { isLive, neverStarted } from './attempt-status';
import { fitTerminal } from './fit-terminal';
import { loadXterm } from './load-xterm';
import { terminalOptions } from './terminal-options';

/** What the terminal shows: a live stream, a stored log (loading or loaded), or nothing yet. */
type Phase = 'not-started' | 'live' | 'loading' | 'log';

const missedNotes: Record<MissedOutput, string> = {
  elsewhere: 'Another process runs this attempt: output printed before this window joined appears once it ends and its whole log loads.',
  clipped: 'The middle of this long output is not shown while it runs; the kept log loads when it ends.',
};

/**
 * The selected attempt's terminal. While a run owns the attempt, its output is written
 * straight into xterm as it arrives; once it has ended, its whole stored log replaces that.
 * The xterm instance lives in the terminal registry and is disposed on unmount.
 */
export function AttemptTerminal({ attempt }: { attempt: AttemptRow }) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [phase, setPhase] = useState<Phase>('loading');
  const [note, setNote] = useState<string | null>(null);
  // A log asked for an attempt since left (or before it ran again) is never written.
  const [logs] = useState(latestRequest);
  const live = isLive(attempt);
  const idle = neverStarted(attempt);

  useEffect(() => {
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    loadXterm().then(({ Terminal }) => {
      const host = panel.current;
      if (cancelled || !host) return;
      const terminal = new Terminal(terminalOptions());
      terminal.open(host);
      registerTerminal(id, terminal);
      fitTerminal(terminal, host);
      observer = new ResizeObserver(() => fitTerminal(terminal, host));
      observer.observe(host);
      setReady(true);
    }, reportError);
    return () => {
      cancelled = true;
      observer?.disconnect();
      disposeTerminal(id);
      setReady(false);
    };
  }, [id]);

  // Keyed on `live`, not the status: queued -> running keeps the stream; running -> ended loads the log.
  // The other field it reads (the log size) is that of the render that changed a key.
  useEffect(() => {
    const terminal = terminalFor(id);
    if (!ready || !terminal) return;
    terminal.reset();
    setNote(null);
    if (idle) {
      setPhase('not-started');
      return;
    }
    if (live) {
      setPhase('live');
      return followAttempt(
        attempt.id,
        (data) => terminal.write(data),
        (missed) => setNote(missedNotes[missed]),
      );
    }
    setPhase('loading');
    void logs.send(
      () => api('attempts.log', { id: attempt.id }),
      (log) => {
        terminal.write(log.text);
        setPhase('log');
        if (log.omittedBytes > 0)
          setNote(`${formatBytes(log.omittedBytes)} from the middle of this log were not kept: the corpus keeps a long log's beginning and end.`);
        else if (log.text === '')
          setNote(attempt.logBytes === null ? 'No log is stored for this attempt (it was imported without one).' : 'This attempt printed nothing.');
      },
      reportError,
    );
    return () => logs.drop();
  }, [id, ready, attempt.id, live, idle, logs]);

  return (
    <div className="attempt-terminal" data-testid="attempt-terminal" data-attempt-id={attempt.id} data-live={live} data-phase={phase}>
      {note && <div className="terminal-note">{note}</div>}
      <div className="terminal-panel" ref={panel} />
      {phase === 'not-started' && (
        <div className="terminal-empty">
          This slot has not run yet. Pick a backend and press <kbd>s</kbd> or Start to run the never-started slots.
        </div>
      )}
    </div>
  );
}
