/**
 * What a re-run program sees (docs/architecture.md): an environment built from an allowlist, never
 * the worker's whole environment minus a denylist. A program gets the names below (and
 * `LC_*`), the names its host and its case add, and the attempt's own `RWB_*` variables;
 * nothing else of the user's environment (a database URL, a personal token, a cloud key)
 * reaches it, its log in the corpus, or a remote machine. The ssh and Slurm clients get the
 * same allowlist plus what they need to reach the user's agent and the cluster.
 */

/** Names every program may receive from the environment it is started from. */
export const allowedNames: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LANGUAGE',
  'TZ',
  'TMPDIR',
  'TERM',
  'CUDA_VISIBLE_DEVICES',
  'CUDA_HOME',
  'CUDA_PATH',
  'NVIDIA_VISIBLE_DEVICES',
  'HIP_VISIBLE_DEVICES',
  'LD_LIBRARY_PATH',
  'PYTHONPATH',
  'VIRTUAL_ENV',
  'CONDA_PREFIX',
  'CONDA_DEFAULT_ENV',
  'OMP_NUM_THREADS',
  'MKL_NUM_THREADS',
];
/** Prefixes of names every program may receive (the locale categories). */
export const allowedPrefixes: readonly string[] = ['LC_'];

/** What the ssh and Slurm clients themselves need beyond the allowlist (never passed on to a program). */
const toolNames = ['SSH_AUTH_SOCK', 'SLURM_CONF', 'DISPLAY'];

const secretName = /(KEY|TOKEN|SECRET|PASSW|CREDENTIAL|CREDS|COOKIE|AUTH|SESSION|PAT$|DSN|PRIVATE|DATABASE_URL)/i;

/** Whether a name looks like a secret's (its value is scrubbed from stored logs). */
export function isSecretName(name: string): boolean {
  return secretName.test(name) && !toolNames.includes(name);
}

export function isAllowedName(name: string, extra: readonly string[] = []): boolean {
  return allowedNames.includes(name) || allowedPrefixes.some((p) => name.startsWith(p)) || extra.includes(name);
}

/**
 * A program's environment: the allowed names of `base` (and the `extraNames` a host or case
 * adds), then `set` (the attempt's variables, a slot's GPU) on top.
 */
export function programEnv(
  set: Record<string, string> = {},
  extraNames: readonly string[] = [],
  base: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value !== undefined && isAllowedName(name, extraNames)) env[name] = value;
  }
  return { ...env, ...set };
}

/** The environment of the ssh, sbatch and scontrol clients: the allowlist plus what they need. */
export function toolEnv(set: Record<string, string> = {}, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return programEnv(set, toolNames, base);
}

/** The shortest secret value worth scrubbing: shorter ones would blank ordinary words. */
const minSecretLength = 6;

/**
 * Values to scrub from stored logs: the model key and every value of a variable of `base`
 * whose name looks secret or that the user marked secret (`RWB_SECRET_NAMES`, comma
 * separated), longest first so a secret containing another is replaced whole.
 */
export function secretValues(base: NodeJS.ProcessEnv = process.env, modelKey: string | null = null): string[] {
  const marked = (base.RWB_SECRET_NAMES ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const values = new Set<string>();
  if (modelKey) values.add(modelKey);
  for (const [name, value] of Object.entries(base)) {
    if (value && value.length >= minSecretLength && (isSecretName(name) || marked.includes(name))) values.add(value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** `text` with every secret value replaced by a marker naming no secret. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join('[secret removed]');
  return out;
}
