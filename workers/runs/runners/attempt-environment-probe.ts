/**
 * The environment probe every backend runs where the attempt ran, in its working folder and
 * with its environment, once the program has ended (issue 13 item 3): a fixed POSIX sh script
 * that leaves `.rwb/environment/` (the host, the Python probe's JSON, `nvidia-smi`'s GPU list,
 * each part's exit code). Locally it runs in the attempt's folder, over ssh inside the collect
 * session (so the record comes back with the artifacts), on Slurm at the end of the array task
 * (the folder is shared). Reading that folder turns it into the attempt's record, the same way
 * for every backend.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttemptEnvironment } from '../../../common/runs/attempt-diagnosis';
import { metaDir } from './case-files';
import type { CaseFile } from './runner';

/** Each part of the probe gives up after this long; both together stay inside the minute of slack a Slurm task gets. */
const partCapS = 15;

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

/**
 * $1 the Python probe, $2 the program's imported modules (one a line). Run in the attempt
 * folder; a missing `python3` or `nvidia-smi` exits 127 under `timeout`, which the reader
 * takes as "not there" rather than a problem.
 */
export const environmentScript = `o=${metaDir}/environment
mkdir -p "$o" || exit 0
uname -n > "$o/host" 2>/dev/null
printf '%s\\n' "$2" | timeout ${partCapS} python3 -c "$1" > "$o/python" 2> "$o/python.err"
echo $? > "$o/python.exit"
timeout ${partCapS} nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$o/gpus" 2> "$o/gpus.err" < /dev/null
echo $? > "$o/gpus.exit"
exit 0`;

/** Top-level modules a Python program imports (`import a.b, c` and `from a import b`; relative imports skipped). */
export function importedModules(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^\s*import\s+([\w., ]+)/gm)) for (const part of m[1]!.split(',')) names.add(part.trim().split(/[.\s]/)[0]!);
  for (const m of source.matchAll(/^\s*from\s+(\w[\w.]*)\s+import\b/gm)) names.add(m[1]!.split('.')[0]!);
  names.delete('');
  return [...names].sort();
}

/** The probe script's arguments for an attempt's files: the Python probe and the modules its `.py` files import. */
export function environmentArgs(files: readonly CaseFile[]): [string, string] {
  return [pythonProbe, importedModules(files.map((f) => (f.path.endsWith('.py') ? f.content : '')).join('\n')).join('\n')];
}

function readPart(dir: string, name: string): string | null {
  try {
    return readFileSync(join(dir, metaDir, 'environment', name), 'utf8');
  } catch {
    return null;
  }
}

/** What a part's exit code says: ran, not installed there, or a problem worth naming. */
function partProblem(dir: string, part: 'python' | 'gpus', tool: string): 'ok' | 'missing' | string {
  const text = readPart(dir, `${part}.exit`);
  if (text === null) return `${tool}: the probe did not finish`;
  const code = Number(text.trim());
  if (code === 0) return 'ok';
  if (code === 127) return 'missing';
  if (code === 124 || code === 137) return `${tool}: gave up after ${partCapS} s`;
  const first = (readPart(dir, `${part}.err`) ?? '').trim().split('\n').pop() ?? '';
  return `${tool}: exit ${Number.isInteger(code) ? code : '?'}${first ? ` (${first})` : ''}`;
}

/** The environment the probe left in `dir`, or null when it never ran there. */
export function readEnvironmentRecord(dir: string): AttemptEnvironment | null {
  const host = readPart(dir, 'host');
  if (host === null) return null;
  const env: AttemptEnvironment = { host: host.trim(), python: null, freezeDigest: null, packages: 0, imports: {}, gpus: [], problems: [] };
  const python = partProblem(dir, 'python', 'python3');
  if (python === 'ok') {
    try {
      const p = JSON.parse(readPart(dir, 'python') ?? '') as {
        version: string;
        executable: string;
        digest: string;
        packages: number;
        imports: Record<string, string | null>;
      };
      Object.assign(env, { python: { version: p.version, executable: p.executable }, freezeDigest: p.digest, packages: p.packages, imports: p.imports });
    } catch (err) {
      env.problems.push(`python3: its report is not JSON (${(err as Error).message})`);
    }
  } else if (python !== 'missing') env.problems.push(python);
  const gpus = partProblem(dir, 'gpus', 'nvidia-smi');
  if (gpus === 'ok') {
    env.gpus = (readPart(dir, 'gpus') ?? '')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const [name = '', driver = ''] = l.split(',').map((x) => x.trim());
        return { name, driver };
      });
  } else if (gpus !== 'missing') env.problems.push(gpus);
  return env;
}
