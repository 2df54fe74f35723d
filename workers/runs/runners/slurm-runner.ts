/**
 * The slurm backend: each (case, arm) is one `sbatch` job array with a task per repeat, a
 * time limit and an optional GPU request. State comes from `scontrol -o show job` (no
 * accounting needed) and the files each task leaves in its folder; output is streamed from
 * the task's `--output` log. Cancel is `scancel`. The folders must be on a filesystem the
 * compute nodes share (on one node, any local folder).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { ApiError } from '../../../common/errors';
import { environmentArgs, environmentScript } from './attempt-environment-probe';
import { programEnv, toolEnv } from './child-env';
import { linkDataEntries, metaDir, readEnvNames, readExitRecord, writeCaseFiles } from './case-files';
import { attemptEnv, cappedExit, type AttemptSpec, type RawOutcome, type Runner, type RunnerEvents } from './runner';
import { batchScript, finalStates, parseJobRecords, sbatchArgs, timeLimitMinutes, type JobRecord, type SlurmSubmitOptions } from './slurm-job';

export interface SlurmRunnerOptions extends SlurmSubmitOptions {
  /** Names this run's job folders. */
  runTag: string;
  /** How often squeue/scontrol are asked and logs read (ms). */
  pollMs?: number;
  /** Extra environment for the Slurm clients (e.g. SLURM_CONF). */
  env?: Record<string, string>;
}

interface Task {
  spec: AttemptSpec;
  jobId: string;
  index: number;
  logPath: string;
  logOffset: number;
  /** Keeps a character split across two reads whole. */
  decoder: StringDecoder;
  started: boolean;
  finished: boolean;
  /** Polls since Slurm called the task over while its folder had no `.rwb/done` yet (files may lag on NFS). */
  overPolls: number;
  node: string | null;
}

interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export class SlurmRunner implements Runner {
  readonly backend = 'slurm';
  private readonly pollMs: number;
  private groups = 0;

  constructor(private readonly options: SlurmRunnerOptions) {
    this.pollMs = options.pollMs ?? 1000;
  }

  /** Runs a Slurm client; `env` replaces the clients' environment (sbatch passes its own to the job). */
  private exec(command: string, args: readonly string[], env: Record<string, string> = toolEnv(this.options.env)): Promise<CommandResult> {
    return new Promise((resolve) => {
      const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      child.once('error', (err) => resolve({ code: null, stdout, stderr: stderr + err.message }));
      child.once('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  /** The controller must answer before anything is submitted. */
  async prepare(): Promise<void> {
    const r = await this.exec('sinfo', ['-h', '-o', '%P %a']);
    if (r.code === null)
      throw new ApiError('unavailable', `slurm: sinfo could not be run (${r.stderr.trim()}); are Slurm's client commands installed and on PATH?`);
    if (r.code !== 0) throw new ApiError('unavailable', `slurm: the controller did not answer (sinfo: ${r.stderr.trim() || `exit ${r.code}`})`);
  }

  async run(attempts: readonly AttemptSpec[], events: RunnerEvents, signal: AbortSignal, stop?: AbortSignal): Promise<void> {
    const groups = new Map<string, AttemptSpec[]>();
    for (const spec of attempts) {
      const key = `${spec.caseId}\u0000${spec.arm}`;
      groups.set(key, [...(groups.get(key) ?? []), spec]);
    }
    const tasks: Task[] = [];
    const jobs: string[] = [];
    try {
      for (const group of groups.values()) {
        if (signal.aborted || stop?.aborted) break;
        const submitted = await this.submit(group, events);
        jobs.push(submitted[0]!.jobId);
        tasks.push(...submitted);
      }
    } catch (err) {
      if (jobs.length === 0) throw err;
      // Jobs already submitted still run to their end; the rest stay never started.
      for (const t of tasks) events.output(t.spec.attemptId, `\r\n[rwb] submitting the next array failed: ${(err as Error).message}\r\n`);
    }
    await this.watch(tasks, jobs, events, signal, stop);
  }

  async close(): Promise<void> {}

  private async submit(group: readonly AttemptSpec[], events: RunnerEvents): Promise<Task[]> {
    const first = group[0]!;
    const groupDir = join(dirname(first.localDir), `slurm-${this.options.runTag}-${++this.groups}`);
    if (groupDir.includes('%')) throw new ApiError('invalid_request', `slurm: the work folder ${groupDir} contains "%", which sbatch reads as a pattern`);
    mkdirSync(groupDir, { recursive: true });
    const graderCapS = first.score.from === 'command' ? Math.max(first.timeoutS, 60) : null;
    for (const spec of group) {
      mkdirSync(spec.localDir, { recursive: true });
      writeCaseFiles(spec.localDir, spec.files);
      linkDataEntries(spec.localDir, spec.dataDir);
      writeFileSync(join(spec.localDir, metaDir, 'command.sh'), `${spec.command}\n`);
      if (spec.score.from === 'command') writeFileSync(join(spec.localDir, metaDir, 'grader.sh'), `${spec.score.command}\n`);
      const [probe, modules] = environmentArgs(spec.files);
      writeFileSync(join(spec.localDir, metaDir, 'environment.sh'), environmentScript);
      writeFileSync(join(spec.localDir, metaDir, 'environment.py'), probe);
      writeFileSync(join(spec.localDir, metaDir, 'environment.modules'), modules);
    }
    const script = join(groupDir, 'job.sh');
    writeFileSync(
      script,
      batchScript(
        group.map((spec) => ({ dir: spec.localDir, env: attemptEnv(spec) })),
        first.timeoutS,
        graderCapS,
      ),
      { mode: 0o755 },
    );
    const args = sbatchArgs({
      jobName: `rwb-${first.experiment}`,
      tasks: group.length,
      minutes: timeLimitMinutes(first.timeoutS, graderCapS),
      groupDir,
      script,
      options: { ...this.options, gpus: Math.max(this.options.gpus ?? 0, first.gpus ?? 0) || undefined },
    });
    // sbatch hands its own environment to the job: the allowlist, the case's names and the cluster's config only.
    const r = await this.exec('sbatch', args, programEnv(this.options.env, [...first.envNames, 'SLURM_CONF']));
    const jobId = r.stdout.trim().split(';')[0] ?? '';
    if (r.code !== 0 || !/^\d+$/.test(jobId))
      throw new ApiError('unavailable', `slurm: sbatch refused the job: ${(r.stderr || r.stdout).trim() || `exit ${r.code}`}`);
    return group.map((spec, index) => {
      events.dispatched(spec.attemptId, { host: 'slurm', backendJobId: `${jobId}_${index}` });
      return {
        spec,
        jobId,
        index,
        logPath: join(groupDir, `task-${index}.log`),
        logOffset: 0,
        decoder: new StringDecoder('utf8'),
        started: false,
        finished: false,
        overPolls: 0,
        node: null,
      };
    });
  }

  private async watch(tasks: Task[], jobs: readonly string[], events: RunnerEvents, signal: AbortSignal, stop?: AbortSignal): Promise<void> {
    let cancelled = false;
    let stopped = false;
    while (tasks.some((t) => !t.finished)) {
      if (signal.aborted && !cancelled) {
        cancelled = true;
        await this.exec('scancel', [...jobs]);
      }
      if (stop?.aborted && !stopped && !cancelled) {
        // Stop: tasks Slurm has not started are taken back; running ones finish.
        stopped = true;
        await this.exec('scancel', ['--state=PENDING', ...jobs]);
      }
      const records = new Map<string, JobRecord>();
      const vanished = new Set<string>();
      for (const jobId of new Set(tasks.filter((t) => !t.finished).map((t) => t.jobId))) {
        const r = await this.exec('scontrol', ['-o', 'show', 'job', jobId]);
        if (r.code !== 0 && /Invalid job id/i.test(r.stderr)) vanished.add(jobId);
        for (const rec of parseJobRecords(r.stdout)) for (const i of rec.tasks) records.set(`${rec.arrayJobId}_${i}`, rec);
      }
      for (const task of tasks) {
        if (task.finished) continue;
        const rec = records.get(`${task.jobId}_${task.index}`) ?? null;
        if (rec?.node) task.node = rec.node;
        const host = task.node ?? 'slurm';
        const dir = task.spec.localDir;
        if (!task.started && (existsSync(join(dir, metaDir, 'started')) || rec?.state === 'RUNNING')) {
          task.started = true;
          events.started(task.spec.attemptId, { host, backendJobId: `${task.jobId}_${task.index}` });
        }
        this.tail(task, events);
        const done = existsSync(join(dir, metaDir, 'done'));
        const over = rec !== null && finalStates.has(rec.state);
        if (done || (over && ++task.overPolls > 2) || vanished.has(task.jobId)) {
          task.finished = true;
          this.tail(task, events);
          events.finished(task.spec.attemptId, this.outcome(task, rec, cancelled, vanished.has(task.jobId)));
        } else if ((cancelled || stopped) && over && !task.started && !existsSync(join(dir, metaDir, 'started'))) {
          // Cancelled or stopped while pending: the program never started, so the slot is never-started again.
          task.finished = true;
          events.withdrawn(task.spec.attemptId, `${cancelled ? 'cancelled' : 'stopped'} before Slurm started it (job ${task.jobId}_${task.index})`);
        }
      }
      if (tasks.some((t) => !t.finished)) await sleep(this.pollMs, signal.aborted && cancelled ? undefined : signal);
    }
  }

  /** Sends the task's new log bytes as output. */
  private tail(task: Task, events: RunnerEvents): void {
    let fd: number;
    try {
      fd = openSync(task.logPath, 'r');
    } catch {
      return;
    }
    try {
      const buffer = Buffer.alloc(256 * 1024);
      for (;;) {
        const n = readSync(fd, buffer, 0, buffer.length, task.logOffset);
        if (n <= 0) break;
        task.logOffset += n;
        // A log is plain text with LF line ends; a terminal wants CR LF.
        events.output(task.spec.attemptId, task.decoder.write(buffer.subarray(0, n)).replace(/\r?\n/g, '\r\n'));
      }
    } finally {
      closeSync(fd);
    }
  }

  private outcome(task: Task, rec: JobRecord | null, cancelled: boolean, vanished: boolean): RawOutcome {
    const host = task.node ?? 'slurm';
    const spec = task.spec;
    const exit = readExitRecord(spec.localDir);
    const jobName = `${task.jobId}_${task.index}`;
    const graderOutput = spec.score.from === 'command' ? readGrader(spec.localDir) : null;
    if (exit !== null && existsSync(join(spec.localDir, metaDir, 'done'))) {
      const envNames = readEnvNames(spec.localDir);
      if (cappedExit(exit.code, exit.wallS, spec.timeoutS))
        return {
          end: 'timeout',
          exitCode: exit.code,
          wallS: exit.wallS,
          graderOutput: null,
          error: `killed at the ${spec.timeoutS} s time cap`,
          host,
          envNames,
        };
      return { end: 'exited', exitCode: exit.code, wallS: exit.wallS, graderOutput, error: null, host, envNames };
    }
    if (rec?.state === 'TIMEOUT')
      return {
        end: 'timeout',
        exitCode: exit?.code ?? null,
        wallS: exit?.wallS ?? null,
        graderOutput: null,
        error: `Slurm stopped job ${jobName} at its time limit`,
        host,
      };
    if (cancelled || rec?.state === 'CANCELLED')
      return {
        end: 'interrupted',
        exitCode: null,
        wallS: exit?.wallS ?? null,
        graderOutput: null,
        error: cancelled ? 'cancelled' : `job ${jobName} was cancelled outside the workbench`,
        host,
      };
    if (vanished || rec === null)
      return {
        end: 'unknown',
        exitCode: null,
        wallS: null,
        graderOutput: null,
        error: `job ${jobName} vanished from Slurm without leaving its exit record`,
        host,
      };
    if (rec.state === 'OUT_OF_MEMORY' || rec.state === 'FAILED') {
      return {
        end: 'exited',
        exitCode: exit?.code ?? rec.exitCode,
        wallS: exit?.wallS ?? null,
        graderOutput: null,
        error: `Slurm: ${rec.state}${rec.reason && rec.reason !== 'None' ? ` (${rec.reason})` : ''}`,
        host,
      };
    }
    // NODE_FAIL, PREEMPTED, BOOT_FAIL, DEADLINE...: the program was stopped by the cluster, not by itself.
    return { end: 'interrupted', exitCode: null, wallS: exit?.wallS ?? null, graderOutput: null, error: `Slurm ended job ${jobName} as ${rec.state}`, host };
  }
}

function readGrader(dir: string): string | null {
  try {
    return readFileSync(join(dir, metaDir, 'grader.out'), 'utf8');
  } catch {
    return null;
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
