import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = dirname(fileURLToPath(import.meta.url));
export const projectRoot = resolve(benchDir, '..');

/**
 * Runs bench/child.ts in a fresh Node process (TypeScript through tsx's loader) and returns
 * the JSON it wrote to `out`. With `profileDir`, the child writes a V8 CPU profile there.
 */
export async function runChild<T>(mode: string, args: string[], out: string, profileDir?: string): Promise<T> {
  const nodeArgs = ['--import', 'tsx'];
  if (profileDir) {
    mkdirSync(profileDir, { recursive: true });
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-name=${mode}-${Date.now()}.cpuprofile`);
  }
  const child = spawn(process.execPath, [...nodeArgs, join(benchDir, 'child.ts'), mode, ...args, out], {
    cwd: projectRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((done, fail) => {
    child.once('error', fail);
    child.once('exit', (c) => done(c));
  });
  if (code !== 0) throw new Error(`bench child "${mode}" exited with code ${code}`);
  return JSON.parse(readFileSync(out, 'utf8')) as T;
}
