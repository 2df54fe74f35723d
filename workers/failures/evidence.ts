/**
 * Failure evidence in plain output text (no traceback needed): out-of-memory
 * reports, package-resolution errors, missing commands, kill notices. Every
 * search is a literal `indexOf`/`lastIndexOf` over the text followed by work on
 * one line, so scanning stays linear however long the output is.
 */
import { visibleText } from './text-lines';

/** Longest evidence line kept as a message; a single output line can be megabytes long. */
const MAX_EVIDENCE_LENGTH = 1000;

/** The visible text of the raw line `text[from, to)`, trimmed and capped. */
function evidenceLine(text: string, from: number, to: number): string {
  const line = visibleText(text.slice(from, to)).trim();
  return line.length > MAX_EVIDENCE_LENGTH ? `${line.slice(0, MAX_EVIDENCE_LENGTH)}…` : line;
}

/** The line holding the character at `at`, which must not be a newline. */
function lineAround(text: string, at: number): string {
  const newline = text.indexOf('\n', at);
  return evidenceLine(text, text.lastIndexOf('\n', at) + 1, newline === -1 ? text.length : newline);
}

/** The line holding the last occurrence of any marker, or null. */
function lastLineWith(text: string, markers: readonly string[]): string | null {
  let best = -1;
  for (const marker of markers) best = Math.max(best, text.lastIndexOf(marker));
  return best === -1 ? null : lineAround(text, best);
}

/**
 * Texts that only appear when memory ran out: PyTorch (CUDA and ROCm), NumPy's
 * `_ArrayMemoryError`, C++ allocation failures, the Linux OOM killer, Slurm's
 * cgroup OOM handler, ENOMEM, XLA/JAX and TensorFlow, cuBLAS handle creation.
 */
const OUT_OF_MEMORY_MARKERS: readonly string[] = [
  'CUDA out of memory',
  'CUDA error: out of memory',
  'HIP out of memory',
  'MemoryError',
  'std::bad_alloc',
  'Out of memory: Killed process',
  'oom-kill',
  'oom_kill',
  'out-of-memory handler',
  'Cannot allocate memory',
  // XLA's phrase; a bare RESOURCE_EXHAUSTED is also gRPC's quota status.
  'RESOURCE_EXHAUSTED: Out of memory',
  'OOM when allocating tensor',
  'CUBLAS_STATUS_ALLOC_FAILED',
];

/** True when `text` reports that memory ran out. */
export function mentionsOutOfMemory(text: string): boolean {
  return OUT_OF_MEMORY_MARKERS.some((marker) => text.includes(marker));
}

/** The last line reporting that memory ran out, or null. */
export function findOutOfMemory(text: string): string | null {
  return lastLineWith(text, OUT_OF_MEMORY_MARKERS);
}

/** Package managers saying a requested package does not exist: pip, uv, conda, apt. */
const PACKAGE_RESOLUTION_MARKERS: readonly string[] = [
  'ERROR: Could not find a version that satisfies the requirement',
  'ERROR: No matching distribution found for',
  'was not found in the package registry',
  'PackagesNotFoundError:',
  'E: Unable to locate package',
];

/** The last package-resolution error line, or null. */
export function findPackageResolutionError(text: string): string | null {
  return lastLineWith(text, PACKAGE_RESOLUTION_MARKERS);
}

/**
 * Notices agent harnesses print in place of a command's output when they stopped it at
 * their time limit: SWE-agent's `EXECUTION TIMED OUT` and its `command_cancelled_timeout`
 * template, AIDE's interpreter, OpenHands' command time-out note.
 */
const TIMEOUT_NOTICES: readonly RegExp[] = [
  /^\s*EXECUTION TIMED OUT\b.*$/m,
  /^The command '[^\n]*' was cancelled because it took more than \d+ seconds.*$/m,
  /^TimeoutError: Execution exceeded the time limit.*$/m,
  /^\[The command timed out after [^\n]*\]$/m,
];

/** The first harness time-out notice in `text`, trimmed, or null. */
export function findTimeoutNotice(text: string): string | null {
  for (const notice of TIMEOUT_NOTICES) {
    const match = notice.exec(text);
    if (match) return match[0].trim();
  }
  return null;
}

/** The last shell job line reporting a SIGKILL (`Killed`, `bash: line 1: 4242 Killed python x.py`), or null. */
export function findKilledNotice(text: string): string | null {
  for (let at = text.lastIndexOf('Killed'); at !== -1; at = at === 0 ? -1 : text.lastIndexOf('Killed', at - 1)) {
    const line = lineAround(text, at);
    if (/(?:^|\s)Killed(?:\s|$)/.test(line)) return line;
    // Skip the rest of this line: one check per line keeps the scan linear.
    at = text.lastIndexOf('\n', at) + 1;
  }
  return null;
}

/**
 * CLIs that a pip, conda or apt package provides and that base images often
 * lack, so "command not found" for one of them means the package is missing.
 * Interpreters (`python`), shell builtins and the agent's own scripts are not
 * here: a miss on those means a wrong command, not a missing package.
 */
const PACKAGE_COMMANDS: ReadonlySet<string> = new Set([
  // Python tools
  'pip',
  'pip3',
  'uv',
  'pipx',
  'poetry',
  'conda',
  'mamba',
  'micromamba',
  'kaggle',
  'pytest',
  'jupyter',
  'ipython',
  'papermill',
  'torchrun',
  'accelerate',
  'deepspeed',
  'tensorboard',
  'wandb',
  'mlflow',
  'huggingface-cli',
  'gdown',
  'dvc',
  'optuna',
  'ray',
  'streamlit',
  'uvicorn',
  'gunicorn',
  'black',
  'ruff',
  'flake8',
  'mypy',
  'isort',
  'pylint',
  'gpustat',
  'nvitop',
  // System packages
  'unzip',
  'zip',
  '7z',
  'wget',
  'curl',
  'jq',
  'git-lfs',
  'tree',
  'htop',
  'nvtop',
  'rsync',
  'aria2c',
  'ffmpeg',
  'sqlite3',
  'bc',
  'cmake',
  'ninja',
  'make',
  'gcc',
  'g++',
  'clang',
  'nvcc',
  'java',
  'javac',
  'node',
  'npm',
  'Rscript',
  'julia',
  'cargo',
  'rustc',
  'go',
]);

/** A command the shell could not find. */
export interface MissingCommand {
  command: string;
  /** True when the command clearly comes from a package (see {@link PACKAGE_COMMANDS}, or Ubuntu's installer hint). */
  fromPackage: boolean;
}

function commandName(parts: readonly string[]): string | null {
  const last = parts[parts.length - 1];
  const previous = parts[parts.length - 2];
  // bash: `bash: line 1: foo: command not found`, `foo: command not found`
  if (last === 'command not found') return previous ?? null;
  // dash: `/bin/sh: 1: foo: not found`
  if (last === 'not found' && /^\d+$/.test(parts[parts.length - 3] ?? '')) return previous ?? null;
  // zsh: `zsh: command not found: foo`
  if (previous === 'command not found') return last ?? null;
  return null;
}

function missingCommandOnLine(line: string): MissingCommand | null {
  // Ubuntu's command-not-found handler names the package that provides the command.
  const ubuntu = /^Command '([^'\s]+)' not found, (?:but|did you mean)/.exec(line);
  if (ubuntu?.[1]) return { command: ubuntu[1], fromPackage: line.includes('but can be installed') };
  const name = commandName(line.split(': '));
  if (!name || /\s/.test(name) || name.length > 200) return null;
  const base = name.slice(name.lastIndexOf('/') + 1);
  return { command: name, fromPackage: PACKAGE_COMMANDS.has(base) };
}

/** The last command a shell reported as not found (bash, dash, zsh, Ubuntu's handler), or null. */
export function findMissingCommand(text: string): MissingCommand | null {
  for (let at = text.lastIndexOf('not found'); at !== -1; at = at === 0 ? -1 : text.lastIndexOf('not found', at - 1)) {
    const found = missingCommandOnLine(lineAround(text, at));
    if (found) return found;
    at = text.lastIndexOf('\n', at) + 1;
  }
  return null;
}

/** The last non-blank visible line of `text`, capped, or null: the error text of a failure without a traceback. */
export function lastNonBlankLine(text: string): string | null {
  for (let end = text.length; end >= 0;) {
    const from = end === 0 ? 0 : text.lastIndexOf('\n', end - 1) + 1;
    const line = evidenceLine(text, from, end);
    if (line !== '') return line;
    end = from - 1;
  }
  return null;
}
