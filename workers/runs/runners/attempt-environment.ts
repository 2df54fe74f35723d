/**
 * An attempt's environment (issue 13 item 3): host, the Python its PATH finds, a digest of
 * what `pip freeze` would list, the versions of the modules its program imports, and GPUs
 * with their driver. Probed in the attempt's own folder with the attempt's environment once
 * it has ended, so a re-run that fails on another machine or package says which.
 */
import { execFile } from 'node:child_process';
import { hostname } from 'node:os';
import type { AttemptEnvironment } from '../../../common/runs/attempt-diagnosis';
import type { Db } from '../../db/open-corpus';
import { programEnv } from './child-env';
import { attemptEnv, type AttemptSpec } from './runner';

/** A probe that takes longer gives up: the attempt is over and its record must not wait long. */
const probeTimeoutMs = 20_000;

/** Reads the modules named on stdin (one a line) and prints Python, the freeze digest and each module's distribution version. */
const pythonProbe = String.raw`
import hashlib, json, sys
from importlib import metadata
dists = sorted({f"{d.metadata['Name']}=={d.version}".lower() for d in metadata.distributions() if d.metadata['Name']})
owners = metadata.packages_distributions()
imports = {}
for name in sys.stdin.read().split():
    dist = (owners.get(name) or [None])[0]
    try:
        imports[name] = metadata.version(dist) if dist else None
    except metadata.PackageNotFoundError:
        imports[name] = None
print(json.dumps({"version": sys.version.split()[0], "executable": sys.executable,
  "digest": hashlib.sha256("\n".join(dists).encode()).hexdigest()[:16], "packages": len(dists), "imports": imports}))
`;

/** Top-level modules a Python program imports (`import a.b, c` and `from a import b`; relative imports skipped). */
export function importedModules(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^\s*import\s+([\w., ]+)/gm)) for (const part of m[1]!.split(',')) names.add(part.trim().split(/[.\s]/)[0]!);
  for (const m of source.matchAll(/^\s*from\s+(\w[\w.]*)\s+import\b/gm)) names.add(m[1]!.split('.')[0]!);
  names.delete('');
  return [...names].sort();
}

function run(file: string, args: string[], options: { cwd: string; env: Record<string, string>; input?: string }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(file, args, { cwd: options.cwd, env: options.env, timeout: probeTimeoutMs, maxBuffer: 4 * 1024 * 1024 }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    child.stdin?.end(options.input ?? '');
  });
}

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Probes the machine this process runs on, in `spec.localDir` with the attempt's environment. */
export async function probeLocalEnvironment(spec: AttemptSpec): Promise<AttemptEnvironment> {
  const options = { cwd: spec.localDir, env: programEnv(attemptEnv(spec), spec.envNames) };
  const env: AttemptEnvironment = { host: hostname(), python: null, freezeDigest: null, packages: 0, imports: {}, gpus: [], problems: [] };
  const modules = importedModules(spec.files.map((f) => (f.path.endsWith('.py') ? f.content : '')).join('\n'));
  const [python, gpus] = await Promise.allSettled([
    run('python3', ['-c', pythonProbe], { ...options, input: modules.join('\n') }),
    run('nvidia-smi', ['--query-gpu=name,driver_version', '--format=csv,noheader'], options),
  ]);
  if (python.status === 'fulfilled') {
    const p = JSON.parse(python.value) as { version: string; executable: string; digest: string; packages: number; imports: Record<string, string | null> };
    Object.assign(env, { python: { version: p.version, executable: p.executable }, freezeDigest: p.digest, packages: p.packages, imports: p.imports });
  } else if (!missing(python.reason)) env.problems.push(`python3: ${(python.reason as Error).message.split('\n')[0]}`);
  if (gpus.status === 'fulfilled') {
    env.gpus = gpus.value
      .trim()
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const [name = '', driver = ''] = l.split(',').map((x) => x.trim());
        return { name, driver };
      });
  } else if (!missing(gpus.reason)) env.problems.push(`nvidia-smi: ${(gpus.reason as Error).message.split('\n')[0]}`);
  return env;
}

/** Records an ended attempt's environment (local backend only: ssh and Slurm attempts ran elsewhere and keep none). */
export async function recordAttemptEnvironment(db: Db, writes: { run<T>(work: () => Promise<T>): Promise<T> }, backend: string, spec: AttemptSpec): Promise<void> {
  if (backend !== 'local') return;
  const env = await probeLocalEnvironment(spec).catch((err: unknown): AttemptEnvironment => ({ host: hostname(), python: null, freezeDigest: null, packages: 0, imports: {}, gpus: [], problems: [(err as Error).message] }));
  await writes.run(async () => db.prepare('UPDATE attempts SET environment = ? WHERE id = ?').run(JSON.stringify(env), spec.attemptId));
}

/** The recorded environment of an attempt, or null. */
export function attemptEnvironment(db: Db, id: number): AttemptEnvironment | null {
  const text = db.prepare('SELECT environment FROM attempts WHERE id = ?').pluck().get(id) as string | null | undefined;
  return text ? (JSON.parse(text) as AttemptEnvironment) : null;
}
