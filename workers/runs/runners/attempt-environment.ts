/**
 * An attempt's environment (issue 13 item 3): host, the Python its PATH finds, a digest of
 * what `pip freeze` would list, the versions of the modules its program imports, and GPUs
 * with their driver, so a re-run that fails on another machine or package says which. Remote
 * backends run the probe where the attempt ran (attempt-environment-probe.ts); a local
 * attempt's is run here, in its own folder with its own environment, once it has ended.
 */
import { execFile } from 'node:child_process';
import type { AttemptEnvironment } from '../../../common/runs/attempt-diagnosis';
import type { Db } from '../../db/open-corpus';
import { environmentArgs, environmentScript, readEnvironmentRecord } from './attempt-environment-probe';
import { programEnv } from './child-env';
import { attemptEnv, type AttemptSpec } from './runner';

/** Runs the probe on this machine, in `spec.localDir` with the attempt's environment. */
function probeHere(spec: AttemptSpec): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'sh',
      ['-c', environmentScript, 'rwb', ...environmentArgs(spec.files)],
      { cwd: spec.localDir, env: programEnv(attemptEnv(spec), spec.envNames) },
      (err) => (err ? reject(err) : resolve()),
    );
  });
}

/**
 * Records an ended attempt's environment: the one its backend's probe left in its folder, or,
 * for an attempt that ran on this machine, one probed now. `host` names where it ran when the
 * probe left nothing (the ssh session was lost before it ran, say), so the record says so.
 */
export async function recordAttemptEnvironment(
  db: Db,
  writes: { run<T>(work: () => Promise<T>): Promise<T> },
  spec: AttemptSpec,
  ranHere: boolean,
  host: string,
): Promise<void> {
  let problem = 'the environment probe left no record where the attempt ran';
  if (ranHere && readEnvironmentRecord(spec.localDir) === null)
    await probeHere(spec).catch((err: unknown) => (problem = `the environment probe failed: ${(err as Error).message}`));
  const env = readEnvironmentRecord(spec.localDir) ?? { host, python: null, freezeDigest: null, packages: 0, imports: {}, gpus: [], problems: [problem] };
  await writes.run(async () => db.prepare('UPDATE attempts SET environment = ? WHERE id = ?').run(JSON.stringify(env), spec.attemptId));
}

/** The recorded environment of an attempt, or null. */
export function attemptEnvironment(db: Db, id: number): AttemptEnvironment | null {
  const text = db.prepare<unknown[], string | null>('SELECT environment FROM attempts WHERE id = ?').pluck().get(id);
  return text ? (JSON.parse(text) as AttemptEnvironment) : null;
}
