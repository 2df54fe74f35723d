/**
 * The environment a program under test (and ssh, sbatch) gets: the worker's own, minus
 * anything that looks like a secret, so an API key the workbench holds can never reach a
 * program's output, its log in the corpus, or a remote machine.
 */
const secretName = /(KEY|TOKEN|SECRET|PASSW|CREDENTIAL|COOKIE|AUTH|SESSION)/i;
/** Variables that look secret by name but are needed to reach the user's ssh-agent and Slurm. */
const allowed = new Set(['SSH_AUTH_SOCK']);

export function isSecretName(name: string): boolean {
  return secretName.test(name) && !allowed.has(name);
}

export function childEnv(extra: Record<string, string> = {}, base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value !== undefined && !isSecretName(name)) env[name] = value;
  }
  return { ...env, ...extra };
}
