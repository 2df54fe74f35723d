/** `rwb serve` as a real child process for tests, resolved once it prints its URL. */
import { spawn, type ChildProcess } from 'node:child_process';
import { rwbEntry } from './rwb-entry';

const rwbBin = rwbEntry();

export interface SpawnedServe {
  child: ChildProcess;
  port: number;
  token: string;
  origin: string;
  /** Everything the process printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

export function spawnServe(args: string[], env: Record<string, string | undefined> = {}): Promise<SpawnedServe> {
  const child = spawn(process.execPath, [rwbBin, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  let started = false;
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`rwb serve exited (${code}) before printing its URL:\n${output}`));
    child.once('exit', onExit);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)/.exec(output);
      if (!match || started) return;
      started = true;
      child.off('exit', onExit);
      const port = Number(match[1]);
      resolve({
        child,
        port,
        token: match[2]!,
        origin: `http://127.0.0.1:${port}`,
        output: () => output,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
