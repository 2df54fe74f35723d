/**
 * Request schemas of re-execution (cases, experiments, runs, hosts), used by the contract.
 * Everything a runner later passes to a shell, ssh or sbatch is checked here first: host
 * fields admit no spaces or shell metacharacters, program paths stay inside the attempt's
 * folder, and names that become file names or environment values are plain words.
 */
import { z } from 'zod';

const id = z.string().min(1).max(512);

/** Why a program or score-file path is not a safe path inside the working folder; null when it is. */
export function relativePathProblem(path: string): string | null {
  if (path.includes('\0')) return 'contains a NUL byte';
  if (path.startsWith('/')) return 'is absolute; give a path relative to the working folder';
  const parts = path.split('/').filter((p) => p !== '' && p !== '.');
  if (path.split('/').includes('..')) return 'climbs out of the working folder ("..")';
  if (parts.length === 0) return 'names no file';
  if (parts[0] === '.rwb') return 'is inside .rwb/, which the workbench keeps for itself';
  return null;
}

const relativePath = z
  .string()
  .min(1)
  .max(1024)
  .superRefine((path, ctx) => {
    const problem = relativePathProblem(path);
    if (problem) ctx.addIssue({ code: 'custom', message: `"${path}" ${problem}` });
  });

const absolutePath = z
  .string()
  .min(2)
  .max(4096)
  .regex(/^\/[^\0\n\r]*$/, 'must be an absolute path without line breaks');

/** Arm names become environment values and table headers: a plain word. */
export const armName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'an arm name is letters, digits, ".", "_" or "-" (at most 64)');

const hostName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a host name is letters, digits, ".", "_" or "-", starting with a letter or digit');

/** Ids the caller chooses for new cases and experiments. */
const newId = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, 'an id is letters, digits, ".", "_" or "-", starting with a letter or digit');

/** `local`, `slurm`, or `ssh:<name of a saved host>`. */
export const backendName = z
  .string()
  .regex(/^(local|slurm|ssh:[A-Za-z0-9][A-Za-z0-9._-]{0,63})$/, 'the backend is "local", "slurm" or "ssh:<saved host name>"');

/** An environment variable name the user lets through to programs (a host's or a case's addition to the allowlist). */
export const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'an environment variable name is letters, digits and "_", not starting with a digit');

const envNames = z
  .array(envName)
  .max(128)
  .refine((names) => new Set(names).size === names.length, 'variable names must be distinct');

/** A host of a run's pool: `local` or the name of a saved SSH host. */
export const poolHost = hostName;

/** The hosts a run spreads its attempts over, and how many attempts each runs at once. */
const poolFields = {
  /** Hosts of the pool (`local` or saved SSH host names); default: the backend's one host. */
  hosts: z
    .array(poolHost)
    .min(1)
    .max(64)
    .refine((hosts) => new Set(hosts).size === hosts.length, 'hosts must be distinct')
    .optional(),
  /** Slots on each host for this run (default: the host's setting, else one per GPU, else one). */
  parallel: z.number().int().min(1).max(256).optional(),
  /** Gigabytes each local or SSH host keeps free on its attempts' volume: below it, the host takes no more attempts (default 5; 0 turns it off). */
  diskReserveGb: z.number().min(0).max(1_000_000).optional(),
};

const command = z
  .string()
  .min(1)
  .max(100_000)
  .refine((c) => !c.includes('\0'), 'a command cannot contain a NUL byte');

export const scoreRuleInput = z.discriminatedUnion('from', [
  z.object({ from: z.literal('json'), path: relativePath, field: z.string().min(1).max(256) }).strict(),
  z
    .object({ from: z.literal('stdout'), regex: z.string().min(1).max(10_000) })
    .strict()
    .superRefine((rule, ctx) => {
      try {
        new RegExp(rule.regex);
      } catch (err) {
        ctx.addIssue({ code: 'custom', path: ['regex'], message: `not a valid regular expression: ${(err as Error).message}` });
      }
    }),
  z.object({ from: z.literal('command'), command }).strict(),
]);

export const caseProgramInput = z.union([
  z.object({ rollout: id, path: relativePath, version: z.number().int().nonnegative() }).strict(),
  z.object({ path: relativePath, content: z.string().max(20_000_000) }).strict(),
]);

const timeoutS = z
  .number()
  .positive()
  .max(7 * 86_400);

/** Slurm options of a run: names are plain words, so they can only ever be sbatch arguments. */
export const slurmOptions = z
  .object({
    partition: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'a partition name is letters, digits, ".", "_" or "-"')
      .optional(),
    account: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'an account name is letters, digits, ".", "_" or "-"')
      .optional(),
    qos: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'a QOS name is letters, digits, ".", "_" or "-"')
      .optional(),
    /** GPUs per attempt: `--gres=gpu[:TYPE]:N`. */
    gpus: z.number().int().min(0).max(64).optional(),
    gpuType: z
      .string()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, 'a GPU type is letters, digits, ".", "_" or "-"')
      .optional(),
    /** Folder on a filesystem the compute nodes share (default: beside the corpus). */
    workDir: absolutePath.optional(),
  })
  .strict();

export const caseCreateRequest = z
  .object({
    id: newId.optional(),
    /** Required for an inline program; a stored program version's case belongs to its rollout's task. */
    task: id.optional(),
    program: caseProgramInput,
    /** Default: `python <path>` (the path shell-quoted when it needs it). */
    command: command.optional(),
    /** Default: 600 seconds. */
    timeoutS: timeoutS.optional(),
    /** Default: the task's `score` rule when its record has one, else `{"from":"json","path":"score.json","field":"score"}`. */
    score: scoreRuleInput.optional(),
    dataDir: absolutePath.optional(),
    /** Environment variable names its programs may receive beyond the allowlist. */
    env: envNames.optional(),
    /** GPUs each attempt asks Slurm for (`--gres=gpu:N`), when more than the run's setting. */
    gpus: z.number().int().min(1).max(64).optional(),
  })
  .strict();

export const experimentCreateRequest = z
  .object({
    id: newId.optional(),
    name: z.string().min(1).max(200),
    arms: z
      .array(armName)
      .min(1)
      .max(32)
      .refine((arms) => new Set(arms).size === arms.length, 'arms must be distinct'),
    repeats: z.number().int().positive().max(1000),
    cases: z
      .array(id)
      .min(1)
      .max(100_000)
      .refine((cases) => new Set(cases).size === cases.length, 'cases must be distinct'),
    variants: z
      .array(
        z
          .object({
            arm: armName,
            case: id.nullable().default(null),
            program: caseProgramInput.nullable().default(null),
            command: command.nullable().default(null),
          })
          .strict()
          .refine((v) => v.program !== null || v.command !== null, 'a variant changes the program, the command or both'),
      )
      .max(100_000)
      .default([]),
  })
  .strict();

export const runStartRequest = z
  .object({
    experiment: id,
    backend: backendName,
    /** Only these arms (default: all). */
    arms: z.array(armName).min(1).max(256).optional(),
    /** Start only slots never started before; without it, a run refuses an experiment that has started slots. */
    continue: z.boolean().default(false),
    /** Overrides the cases' time caps for this run. */
    timeoutS: timeoutS.optional(),
    slurm: slurmOptions.optional(),
    ...poolFields,
    /** Resolve only when every attempt of the run has finished. */
    wait: z.boolean().default(false),
    jobId: z.string().min(1).max(128).optional(),
  })
  .strict()
  .refine((r) => !(r.hosts && r.backend === 'slurm'), { message: 'hosts: a Slurm run takes no host pool (its concurrency is parallel)', path: ['hosts'] });

export const rerunRequest = z
  .object({
    rollout: id,
    path: relativePath,
    version: z.number().int().nonnegative(),
    backend: backendName.default('local'),
    repeats: z.number().int().positive().max(1000).default(1),
    command: command.optional(),
    timeoutS: timeoutS.optional(),
    score: scoreRuleInput.optional(),
    dataDir: absolutePath.optional(),
    slurm: slurmOptions.optional(),
    ...poolFields,
    wait: z.boolean().default(false),
    jobId: z.string().min(1).max(128).optional(),
  })
  .strict()
  .refine((r) => !(r.hosts && r.backend === 'slurm'), { message: 'hosts: a Slurm run takes no host pool (its concurrency is parallel)', path: ['hosts'] });

/**
 * An SSH host. Every field ends up in an ssh argument list, never in a shell string built
 * here, and is still held to plain characters: no spaces or shell metacharacters, no leading
 * "-" (which ssh would read as an option), ports 1-65535.
 */
export const hostSaveRequest = z
  .object({
    name: hostName,
    user: z.string().regex(/^[A-Za-z_][A-Za-z0-9._-]{0,31}$/, 'a user name is letters, digits, ".", "_" or "-", starting with a letter or "_"'),
    host: z
      .string()
      .max(253)
      .regex(
        /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|[0-9A-Fa-f]*:[0-9A-Fa-f:.]*)$/,
        'a host is a DNS name or an IP address: letters, digits, "." and "-" (":" for IPv6), not starting with "-"',
      ),
    port: z.number().int().min(1, 'the port is 1-65535').max(65535, 'the port is 1-65535').default(22),
    identityFile: absolutePath
      .regex(/^[^%]*$/, 'the identity file path cannot contain "%" (ssh expands it)')
      .nullable()
      .default(null),
    knownHostsFile: absolutePath
      .regex(/^[^\s%"',]*$/, 'the known_hosts path cannot contain spaces, quotes, commas or "%" (ssh splits and expands them)')
      .nullable()
      .default(null),
    workDir: z
      .string()
      .max(1024)
      .regex(
        /^(~|~\/[A-Za-z0-9._+/-]*|\/[A-Za-z0-9._+/-]*)$/,
        'the remote work folder is "~/..." or an absolute path of letters, digits, ".", "_", "+", "-" and "/"',
      )
      .refine((p) => !p.split('/').includes('..'), 'the remote work folder cannot contain ".."')
      .default('~/rwb-runs'),
    gpuLabel: z
      .string()
      .max(64)
      .regex(/^[\x20-\x7E]*$/, 'the GPU label is printable ASCII')
      .default(''),
    /** Attempts it runs at once; null: one per GPU it reports, or one. */
    slots: z.number().int().min(1).max(256).nullable().default(null),
    envNames: envNames.default([]),
  })
  .strict()
  .refine((h) => h.name !== 'local', { message: '"local" names this machine; give the SSH host another name', path: ['name'] });

/** The local machine's run settings. */
export const localHostSaveRequest = z
  .object({
    slots: z.number().int().min(1).max(256).nullable().default(null),
    envNames: envNames.default([]),
  })
  .strict();
