/** The runners' pure parts: quoting, the PTY exit marker, logs, batching, scores, Slurm parsing, ssh arguments. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HostConfig } from '../../../common/runs/run-types';
import { AttemptLog, packLog, unpackLog } from './attempt-log';
import { attemptResult, readScore } from './attempt-outcome';
import { programEnv, scrubSecrets, secretValues, toolEnv } from './child-env';
import { localFreeBytes, parseDfAvailable } from './free-space';
import { SecretScrubber } from './secret-scrubber';
import { OutputBatcher } from './output-batcher';
import { ExitMarkerScanner } from './pty-exit-marker';
import { shQuote } from './shell-quote';
import { batchScript, parseJobRecords, parseTaskRange, sbatchArgs, timeLimitMinutes } from './slurm-job';
import { sshArgs, sshRefusal } from './ssh-command';
import { remoteRun } from './ssh-scripts';
import { remoteBase } from './ssh-runner';

const hostile = ['; rm -rf ~', '$(touch x)', '`touch y`', `it's "quoted"`, 'two\nlines', '', ' lead and trail ', '-n', '*', '$HOME', 'a\\b'];

describe('shQuote', () => {
  it('makes the shell read back exactly the value, whatever it holds', () => {
    for (const value of hostile) {
      const r = spawnSync('sh', ['-c', `printf '%s' ${shQuote(value)}`], { encoding: 'utf8' });
      expect(r.stdout).toBe(value);
    }
    expect(shQuote('final.py')).toBe('final.py');
  });

  it('keeps every argument of the remote run command one word, in order', () => {
    const env = { RWB_CASE: `c'ase; $(x)`, RWB_ARM: 'a b' };
    const line = remoteRun('dir with space', 'cGF5bG9hZA==', '', 2, `echo "hi"; exit 3`, ['PATH', 'MY_VAR'], env);
    // Replace the script by one that prints its arguments, keeping the quoting as built.
    const printing = line.replace(/^sh -c '(?:[^']|'\\'')*'/, `sh -c 'printf "<%s>\\n" "$@"'`);
    const r = spawnSync('sh', ['-c', printing], { encoding: 'utf8' });
    expect(r.stdout).toBe(
      ['dir with space', 'cGF5bG9hZA==', '', '2', 'echo "hi"; exit 3', 'PATH MY_VAR', `RWB_CASE=c'ase; $(x)`, 'RWB_ARM=a b'].map((a) => `<${a}>\n`).join(''),
    );
  });
});

describe('ExitMarkerScanner', () => {
  const marker = '\x1b]6973;rwb-exit;n0nce;7\x07';
  it('finds the marker split across chunks and holds back only what could be its start', () => {
    const text = `hello\r\nscore 0.9\r\n${marker}\r\n`;
    for (let cut = 1; cut < text.length; cut++) {
      const s = new ExitMarkerScanner('n0nce');
      const a = s.push(text.slice(0, cut));
      const b = s.push(text.slice(cut));
      expect(a.output + b.output).toBe('hello\r\nscore 0.9\r\n');
      expect(a.exitCode ?? b.exitCode).toBe(7);
    }
  });
  it('passes through escape sequences that are not the marker, and another nonce', () => {
    const s = new ExitMarkerScanner('n0nce');
    const out = s.push('\x1b[31mred\x1b[0m \x1b]6973;rwb-exit;other;1\x07 end\x1b');
    expect(out.exitCode).toBeNull();
    expect(out.output + s.rest()).toBe('\x1b[31mred\x1b[0m \x1b]6973;rwb-exit;other;1\x07 end\x1b');
  });
});

describe('AttemptLog', () => {
  it('keeps everything up to its limit, then the head and the tail, counting what it dropped', () => {
    const log = new AttemptLog(100);
    log.append('a'.repeat(30));
    log.append('b'.repeat(60));
    expect(log.text()).toBe('a'.repeat(30) + 'b'.repeat(60));
    log.append('c'.repeat(70));
    expect(log.bytes).toBe(160);
    expect(log.omittedBytes).toBe(60);
    expect(log.text()).toBe(`${'a'.repeat(30)}${'b'.repeat(20)}\r\n[rwb: 60 bytes of output omitted here]\r\n${'c'.repeat(50)}`);
    expect(unpackLog(packLog(log).gz)).toBe(log.text());
  });

  it('reads from a character offset, from the kept tail when the offset fell in the dropped middle', () => {
    const log = new AttemptLog(100);
    log.append('a'.repeat(30));
    log.append('b'.repeat(10));
    expect(log.textFrom(25)).toEqual({ text: 'aaaaabbbbbbbbbb', from: 25, to: 40 });
    expect(log.textFrom(40)).toEqual({ text: '', from: 40, to: 40 });
    log.append('b'.repeat(50) + 'c'.repeat(70));
    expect(log.chars).toBe(160);
    expect(log.textFrom(45)).toEqual({ text: 'b'.repeat(5), from: 45, to: 50 });
    expect(log.textFrom(60)).toEqual({ text: 'b'.repeat(0) + 'c'.repeat(50), from: 110, to: 160 });
    expect(log.textFrom(150)).toEqual({ text: 'c'.repeat(10), from: 150, to: 160 });
  });
});

describe('OutputBatcher', () => {
  it('sends at once past 200 KB, else after ~16 ms, in order, each batch with its offset in the stream', () => {
    vi.useFakeTimers();
    try {
      const sent: [string, number][] = [];
      const b = new OutputBatcher((d, offset) => sent.push([d, offset]));
      b.push('a');
      b.push('b');
      vi.advanceTimersByTime(15);
      expect(sent).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(sent).toEqual([['ab', 0]]);
      b.push('x'.repeat(200 * 1024));
      expect(sent).toHaveLength(2);
      expect(sent[1]![1]).toBe(2);
      b.push('tail');
      b.flush();
      expect(sent.at(-1)).toEqual(['tail', 2 + 200 * 1024]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('scores and outcomes', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rwb-score-'));
    writeFileSync(join(dir, 'score.json'), JSON.stringify({ score: '0.25', metrics: { 'val.acc': 0.5, nested: { f1: 0.75 } }, bad: 'x' }));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('reads a JSON field, dotted or literal, numbers given as strings too', () => {
    expect(readScore({ from: 'json', path: 'score.json', field: 'score' }, dir, '', null).score).toBe(0.25);
    expect(readScore({ from: 'json', path: 'score.json', field: 'metrics.nested.f1' }, dir, '', null).score).toBe(0.75);
    expect(readScore({ from: 'json', path: 'score.json', field: 'bad' }, dir, '', null)).toEqual({ score: null, problem: 'score.json has no number at "bad"' });
    expect(readScore({ from: 'json', path: 'missing.json', field: 'x' }, dir, '', null).problem).toBe('the program wrote no missing.json');
  });
  it('takes the first group of the last regex match over the visible output', () => {
    const log = '\x1b[32mscore=0.1\x1b[0m\r\nscore=0.2\r\nscore=0.3\r\n';
    expect(readScore({ from: 'stdout', regex: 'score=([0-9.]+)' }, null, log, null).score).toBe(0.3);
    expect(readScore({ from: 'stdout', regex: '[0-9.]+$' }, null, 'x 4.5', null).score).toBe(4.5);
    expect(readScore({ from: 'stdout', regex: 'nope (\\d)' }, null, log, null).score).toBeNull();
  });
  it("takes the grader's last numeric line", () => {
    expect(readScore({ from: 'command', command: 'g' }, null, '', 'grading\n0.61\ndone\n').score).toBe(0.61);
    expect(readScore({ from: 'command', command: 'g' }, null, '', 'nothing').score).toBeNull();
  });
  it('maps ends to statuses, valid only when succeeded with a score', () => {
    const raw = { exitCode: 0, wallS: 1, graderOutput: null, error: null, host: 'h' };
    const rule = { from: 'json' as const, path: 'score.json', field: 'score' };
    expect(attemptResult({ ...raw, end: 'exited' }, rule, dir, '')).toMatchObject({ status: 'succeeded', score: 0.25, valid: true });
    expect(attemptResult({ ...raw, end: 'exited', exitCode: 2 }, rule, dir, '')).toMatchObject({ status: 'failed', score: 0.25, valid: false });
    expect(attemptResult({ ...raw, end: 'timeout', exitCode: 124 }, rule, dir, '')).toMatchObject({ status: 'timeout', valid: false });
    expect(attemptResult({ ...raw, end: 'unknown', exitCode: null }, rule, dir, '')).toMatchObject({ status: 'unknown', score: null, valid: null });
    expect(attemptResult({ ...raw, end: 'interrupted', exitCode: null }, rule, dir, '')).toMatchObject({ status: 'interrupted', valid: null });
  });
});

describe('slurm job parts', () => {
  it('parses array task ranges and scontrol records', () => {
    expect(parseTaskRange('0-3')).toEqual([0, 1, 2, 3]);
    expect(parseTaskRange('1,3,5-6%2')).toEqual([1, 3, 5, 6]);
    const records = parseJobRecords(
      [
        'JobId=12 JobName=rwb ArrayJobId=10 ArrayTaskId=2 JobState=COMPLETED Reason=None ExitCode=0:0 NodeList=vm BatchHost=vm',
        'JobId=10 JobName=rwb ArrayJobId=10 ArrayTaskId=3-4 JobState=PENDING Reason=Resources ExitCode=0:0 NodeList=(null)',
        'JobId=11 ArrayJobId=10 ArrayTaskId=1 JobState=FAILED Reason=NonZeroExitCode ExitCode=3:0 NodeList=vm',
      ].join('\n'),
    );
    expect(records.map((r) => [r.arrayJobId, r.tasks, r.state, r.exitCode, r.node])).toEqual([
      ['10', [2], 'COMPLETED', 0, 'vm'],
      ['10', [3, 4], 'PENDING', 0, null],
      ['10', [1], 'FAILED', 3, 'vm'],
    ]);
  });
  it('asks for a time limit, the repeats as an array and GPUs, each as one argument', () => {
    const args = sbatchArgs({
      jobName: "rwb-exp; rm -rf ~ 'x'",
      tasks: 3,
      minutes: timeLimitMinutes(90, null),
      groupDir: '/shared/g',
      script: '/shared/g/job.sh',
      options: { partition: 'gpu', gpus: 2, gpuType: 'a100' },
    });
    expect(args).toEqual([
      '--parsable',
      '--job-name=rwb-exp__rm_-rf____x_',
      '--array=0-2',
      '--time=3',
      '--chdir=/shared/g',
      '--output=/shared/g/task-%a.log',
      '--open-mode=append',
      '--partition=gpu',
      '--gres=gpu:a100:2',
      '/shared/g/job.sh',
    ]);
  });
  it("limits an array's concurrency with %N from the run's parallel setting", () => {
    const args = sbatchArgs({ jobName: 'rwb-e', tasks: 8, minutes: 2, groupDir: '/g', script: '/g/job.sh', options: { concurrency: 3, gpus: 4 } });
    expect(args).toContain('--array=0-7%3');
    expect(args).toContain('--gres=gpu:4');
  });
  it('writes a batch script bash accepts, with hostile folders and values quoted', () => {
    const script = batchScript([{ dir: `/tmp/a'b; $(touch x)`, env: { RWB_CASE: 'c"1`x`' } }], 5, 60);
    const r = spawnSync('bash', ['-n'], { input: script, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(script).toContain(`cd '/tmp/a'\\''b; $(touch x)' || exit 97; export RWB_CASE='c"1\`x\`'`);
  });
});

describe('ssh arguments', () => {
  const host: HostConfig = {
    name: 'box',
    user: 'ana',
    host: 'gpu.example.org',
    port: 2222,
    identityFile: '/home/ana/.ssh/id_ed25519',
    knownHostsFile: '/home/ana/kh',
    workDir: '~/runs',
    gpuLabel: 'A100',
    slots: null,
    envNames: [],
  };
  it('checks host keys strictly, never prompts, and ends options before the host', () => {
    const args = sshArgs(host, '/tmp/cm');
    expect(args.join(' ')).toContain('-o BatchMode=yes -o StrictHostKeyChecking=yes -o UserKnownHostsFile=/home/ana/kh');
    expect(args.slice(-2)).toEqual(['--', 'gpu.example.org']);
    expect(args).toContain('IdentitiesOnly=yes');
    expect(remoteBase('~/runs/')).toBe('runs');
    expect(remoteBase('/scratch/x')).toBe('/scratch/x');
    expect(remoteBase('~')).toBe('.');
  });
  it('names the refusal: a changed key, an unknown key, a login refused', () => {
    expect(sshRefusal(host, '@ WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED! @\nHost key verification failed.').message).toMatch(
      /host key has CHANGED .*\(ssh-keygen -f \/home\/ana\/kh -R "\[gpu.example.org\]:2222"/,
    );
    expect(
      sshRefusal(host, 'No ED25519 host key is known for [gpu.example.org]:2222 and you have requested strict checking.\nHost key verification failed.')
        .details,
    ).toMatchObject({ reason: 'host_key_unknown' });
    expect(sshRefusal(host, 'ana@gpu.example.org: Permission denied (publickey).').message).toMatch(/permission denied/);
  });
});

describe('child environment', () => {
  const parent = {
    PATH: '/bin',
    HOME: '/h',
    LC_ALL: 'C',
    ANTHROPIC_API_KEY: 'sk-ant-123456',
    DATABASE_URL: 'postgres://u:PW@db/x',
    GH_PAT: 'ghp_abcdef',
    MY_PRIVATE_CREDS: 'creds-xyz',
    SENTRY_DSN: 'https://k@sentry/1',
    EDITOR: 'vim',
    SSH_AUTH_SOCK: '/s',
    PROJECT_ROOT: '/projects/x',
  };
  it('gives a program only allowlisted names, the ones its host or case adds, and its own variables', () => {
    expect(programEnv({ RWB_ARM: 'a' }, ['PROJECT_ROOT'], parent)).toEqual({
      PATH: '/bin',
      HOME: '/h',
      LC_ALL: 'C',
      PROJECT_ROOT: '/projects/x',
      RWB_ARM: 'a',
    });
  });
  it("gives ssh and Slurm clients the allowlist and their agent, never the user's credentials", () => {
    expect(toolEnv({}, parent)).toEqual({ PATH: '/bin', HOME: '/h', LC_ALL: 'C', SSH_AUTH_SOCK: '/s' });
  });
  it('scrubs the model key and every secret-looking value from a log, longest first', () => {
    const secrets = secretValues(parent, 'sk-app-key-999');
    const text = `a sk-app-key-999 b postgres://u:PW@db/x c ghp_abcdef d creds-xyz e https://k@sentry/1 f vim`;
    expect(scrubSecrets(text, secrets)).toBe('a [secret removed] b [secret removed] c [secret removed] d [secret removed] e [secret removed] f vim');
    expect(secretValues({ ...parent, RWB_SECRET_NAMES: 'EDITOR_TOKENLESS,PROJECT_ROOT' })).toContain('/projects/x');
  });

  it('scrubs a secret however the stream is cut, holding back only what could begin one', () => {
    const secrets = secretValues({ DB_PASSPHRASE: 'hunter2-pass' }, null, ['DB_PASSPHRASE']);
    const text = 'a hunter2-pass b hunter2-pas c hunter2-passhunter2-pass';
    for (const size of [1, 2, 5, 13]) {
      const scrubber = new SecretScrubber(secrets);
      let out = '';
      for (let i = 0; i < text.length; i += size) out += scrubber.push(text.slice(i, i + size));
      out += scrubber.end();
      expect(out, `chunks of ${size}`).toBe('a [secret removed] b hunter2-pas c [secret removed][secret removed]');
    }
    const scrubber = new SecretScrubber(secrets);
    expect(scrubber.push('ordinary text hun')).toBe('ordinary text ');
    expect(scrubber.push('gry')).toBe('hungry');
  });
});

describe('free space', () => {
  it('reads the available bytes of df -Pk, a device name with spaces included', () => {
    const df = 'Filesystem     1024-blocks      Used Available Capacity Mounted on\n/dev/nvme0n1p2   98559220  60193648  33315248      65% /\n';
    expect(parseDfAvailable(df)).toBe(33315248 * 1024);
    expect(parseDfAvailable('Filesystem 1024-blocks Used Available Capacity Mounted on\nmy share  100 40 60 40% /mnt/my share\n')).toBe(60 * 1024);
    expect(parseDfAvailable('df: /nowhere: No such file or directory\n')).toBeNull();
  });

  it('asks the nearest existing folder for a folder not made yet', () => {
    const free = localFreeBytes(join(tmpdir(), 'rwb-not-made', 'yet'));
    expect(free).toBeGreaterThan(0);
  });
});
