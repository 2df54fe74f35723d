import type { WorkbenchEvent } from '../../../../common/events';
import type { Core } from '../../../core/core';

/** Resolves with the final progress event of a job (done, failed or cancelled). */
export function jobEnd(core: Core, jobId: string, timeoutMs = 60_000): Promise<WorkbenchEvent & { type: 'job:progress' }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`job ${jobId} did not end within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = core.onEvent((e) => {
      if (e.type === 'job:progress' && e.jobId === jobId && e.phase !== 'running') {
        clearTimeout(timer);
        stop();
        resolve(e);
      }
    });
  });
}

/** Resolves with the attempt id once an attempt's output contains `text` (with `attempts`, once that many attempts' did). */
export function outputSeen(core: Core, text: string, timeoutMs = 30_000, attempts = 1): Promise<number> {
  return new Promise((resolve, reject) => {
    const seen = new Map<number, string>();
    const found = new Set<number>();
    const timer = setTimeout(() => {
      stop();
      reject(
        new Error(`no output "${text}" from ${attempts} attempt(s) within ${timeoutMs} ms (saw ${JSON.stringify([...seen.values()].join('').slice(-500))})`),
      );
    }, timeoutMs);
    const stop = core.onEvent((e) => {
      if (e.type !== 'attempt:output') return;
      const text2 = (seen.get(e.attemptId) ?? '') + e.data;
      seen.set(e.attemptId, text2);
      if (text2.includes(text)) found.add(e.attemptId);
      if (found.size >= attempts) {
        clearTimeout(timer);
        stop();
        resolve(e.attemptId);
      }
    });
  });
}

/** Events with the time they arrived. */
export function recordEvents(core: Core): { at: number; event: WorkbenchEvent }[] {
  const log: { at: number; event: WorkbenchEvent }[] = [];
  core.onEvent((event) => log.push({ at: performance.now(), event }));
  return log;
}

/** A python program that writes `scores[RWB_REPEAT]` to score.json, or exits 1 where the score is null. */
export function tableProgram(scores: (number | null)[]): string {
  return [
    'import json, os, sys',
    `scores = ${JSON.stringify(scores).replaceAll('null', 'None')}`,
    'score = scores[int(os.environ["RWB_REPEAT"])]',
    'if score is None:',
    '    print("no score this time")',
    '    sys.exit(1)',
    'json.dump({"score": score}, open("score.json", "w"))',
    'print("score", score)',
    '',
  ].join('\n');
}
