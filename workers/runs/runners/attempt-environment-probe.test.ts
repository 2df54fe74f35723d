/**
 * The environment probe as every backend runs it: the real sh script in a real folder, with a
 * PATH that decides which tools exist (a stand-in `nvidia-smi` and `python3` where a test needs
 * one), read back by the same reader the run job uses.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test-support/temp-dir';
import { environmentArgs, environmentScript, readEnvironmentRecord } from './attempt-environment-probe';

const tempDir = useTempDir();

/** A folder of commands: links to the real tools the script needs, plus `scripts` written as executables. */
function pathWith(dir: string, scripts: Record<string, string>): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  for (const tool of ['uname', 'timeout', 'mkdir']) symlinkSync(execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim(), join(bin, tool));
  for (const [name, body] of Object.entries(scripts)) {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return bin;
}

function probe(folder: string, path: string, program: string): void {
  execFileSync('/bin/sh', ['-c', environmentScript, 'rwb', ...environmentArgs([{ path: 'train.py', content: program }])], { cwd: folder, env: { PATH: path } });
}

describe('the attempt environment probe', () => {
  it('records the host, the real python3 with the modules the program imports, and the GPUs nvidia-smi lists', () => {
    const dir = tempDir();
    const realPython = execFileSync('sh', ['-c', 'dirname "$(command -v python3)"'], { encoding: 'utf8' }).trim();
    const bin = pathWith(dir, { 'nvidia-smi': 'echo "NVIDIA A100-SXM4-40GB, 535.104.05"\necho "NVIDIA A100-SXM4-40GB, 535.104.05"' });
    probe(dir, `${bin}:${realPython}:/usr/bin:/bin`, 'import json, os.path\nfrom rwb_absent_pkg import thing\n');
    const env = readEnvironmentRecord(dir)!;
    const python = execFileSync('python3', ['-c', 'import sys; print(sys.version.split()[0])'], { encoding: 'utf8' }).trim();
    expect(env).toMatchObject({ host: hostname(), python: { version: python }, imports: { json: null, os: null, rwb_absent_pkg: null }, problems: [] });
    expect(env.freezeDigest).toMatch(/^[0-9a-f]{16}$/);
    expect(env.gpus).toEqual([
      { name: 'NVIDIA A100-SXM4-40GB', driver: '535.104.05' },
      { name: 'NVIDIA A100-SXM4-40GB', driver: '535.104.05' },
    ]);
  });

  it('takes a missing python3 or nvidia-smi as absent, not as a problem', () => {
    const dir = tempDir();
    probe(dir, pathWith(dir, {}), 'import numpy\n');
    expect(readEnvironmentRecord(dir)).toEqual({ host: hostname(), python: null, freezeDigest: null, packages: 0, imports: {}, gpus: [], problems: [] });
  });

  it('names a part that failed, with the last line it wrote', () => {
    const dir = tempDir();
    probe(
      dir,
      pathWith(dir, {
        python3: 'echo "Fatal Python error: init_fs_encoding" >&2\nexit 1',
        'nvidia-smi': 'echo "NVIDIA-SMI has failed because it couldn\'t communicate with the NVIDIA driver" >&2\nexit 9',
      }),
      '',
    );
    expect(readEnvironmentRecord(dir)!.problems).toEqual([
      'python3: exit 1 (Fatal Python error: init_fs_encoding)',
      "nvidia-smi: exit 9 (NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver)",
    ]);
  });

  it('reads nothing from a folder the probe never ran in', () => {
    expect(readEnvironmentRecord(tempDir())).toBeNull();
  });
});
