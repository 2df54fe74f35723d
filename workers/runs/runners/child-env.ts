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
 * Values to scrub from an attempt's log, live and stored: the model key; every value the
 * program received from `base` under a name beyond the plain allowlist (`receivedNames`, the
 * names its host and case add), whatever that name; and every value of `base` whose name looks
 * secret or that the user marked secret (`RWB_SECRET_NAMES`, comma separated). Each comes with
 * its base64 forms, and all longest first, so a secret containing another is replaced whole.
 */
export function secretValues(base: NodeJS.ProcessEnv = process.env, modelKey: string | null = null, receivedNames: readonly string[] = []): string[] {
  const marked = (base.RWB_SECRET_NAMES ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const values = new Set<string>();
  const add = (value: string) => {
    values.add(value);
    for (const form of base64Forms(value)) values.add(form);
  };
  if (modelKey) add(modelKey);
  for (const [name, value] of Object.entries(base)) {
    const received = receivedNames.includes(name) && !isAllowedName(name);
    if (value && value.length >= minSecretLength && (received || isSecretName(name) || marked.includes(name))) add(value);
  }
  return [...values].sort((a, b) => b.length - a.length);
}

/** Shorter base64 runs than this would blank ordinary words. */
const minEncodedLength = 8;

/**
 * The base64 (and base64url) text of `value` as it appears inside an encoding of any longer
 * text: one form for each of the three byte alignments, keeping only the characters that
 * depend on `value`'s bytes alone.
 */
function base64Forms(value: string): string[] {
  const bytes = Buffer.from(value, 'utf8');
  const forms: string[] = [];
  for (let lead = 0; lead < 3; lead++) {
    const encoded = Buffer.concat([Buffer.alloc(lead), bytes]).toString('base64');
    const core = encoded.slice(Math.ceil((8 * lead) / 6), Math.floor((8 * (lead + bytes.length)) / 6));
    if (core.length < minEncodedLength) continue;
    forms.push(core);
    const url = core.replace(/\+/g, '-').replace(/\//g, '_');
    if (url !== core) forms.push(url);
  }
  return forms;
}

/** `text` with every secret value replaced by a marker naming no secret. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (out.includes(s)) out = out.split(s).join('[secret removed]');
  return out;
}
