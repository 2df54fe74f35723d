/**
 * A small corpus for the runner tests: two tasks, and a rollout whose failed step ran
 * `final.py` version 1, a program that prints as it goes and writes score.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WorkbenchEvent } from '../../../../common/events';
import { Core } from '../../../core/core';
import { writeBundle } from '../../../test-support/write-bundle';

/** Prints a line, waits a little (so output streams before the end), writes score.json and prints the score. */
export const scoringProgram = [
  'import json, os, sys, time',
  'print("epoch 1", flush=True)',
  'time.sleep(float(os.environ.get("RWB_TEST_SLEEP", "0.4")))',
  'score = 0.5 + 0.1 * int(os.environ.get("RWB_REPEAT", "0"))',
  'json.dump({"score": score, "metrics": {"acc": score}}, open("score.json", "w"))',
  'print(f"val score: {score:.3f}", flush=True)',
  '',
].join('\n');

export function runCorpusRecords(): object[] {
  return [
    { type: 'benchmark', id: 'bench', discipline: 'ml', role: 'mining' },
    { type: 'task', id: 'task-a', benchmark: 'bench', statement: 'Predict A', metric: 'accuracy', higherIsBetter: true },
    { type: 'task', id: 'task-b', benchmark: 'bench', statement: 'Predict B', metric: 'accuracy', higherIsBetter: true },
    { type: 'rollout', id: 'r-fail', task: 'task-a', agent: 'haiku', seed: 1, grade: 'wrong', score: 0.1 },
    { type: 'program', rollout: 'r-fail', path: 'final.py', version: 1, content: scoringProgram },
    {
      type: 'step',
      rollout: 'r-fail',
      index: 0,
      command: 'python final.py',
      stderr: 'Traceback (most recent call last):\n  File "final.py", line 3, in <module>\nKeyError: \'x\'\n',
      exitCode: 1,
      durationMs: 900,
      program: { path: 'final.py', version: 1 },
    },
  ];
}

export interface TestCore {
  core: Core;
  events: WorkbenchEvent[];
  dbPath: string;
}

/** A core over a fresh corpus in `dir` holding the records above (plus `extra`). */
export async function runCorpus(dir: string, extra: object[] = []): Promise<TestCore> {
  const dbPath = join(dir, 'corpus.db');
  const core = new Core({ dbPath, shell: 'cli' });
  const events: WorkbenchEvent[] = [];
  core.onEvent((e) => events.push(e));
  const bundle = writeBundle(dir, 'runs.jsonl', [...runCorpusRecords(), ...extra]);
  const result = await core.invoke('import.files', { paths: [bundle] });
  const error = result.files[0]?.error;
  if (error) throw new Error(error.message);
  return { core, events, dbPath };
}

/**
 * Whether a process is gone within a moment: a signal is delivered when the kernel next
 * schedules its target, so right after a kill a loaded machine may still show it running.
 */
export async function processGoneSoon(pid: number, withinMs = 3000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!processGone(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/** Whether a process is gone (a zombie nobody reaps counts as gone: it runs nothing). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
