import { spawn, type ChildProcess } from 'node:child_process';
import { rwbBin } from './paths';

export interface ServeProcess {
  url: string;
  origin: string;
  token: string;
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

const startBoundMs = 90_000;

/**
 * Starts `rwb serve` (on `dbPath`, or with none: the user's sample corpus) as a real child process and resolves once it prints its URL. `env` is laid
 * over this process's environment; a variable set to undefined is removed from it.
 */
export function startServe(dbPath: string | null, env: Record<string, string | undefined> = {}): Promise<ServeProcess> {
  // No corpus named: the first start a user gets, on the sample corpus made in RWB_DATA_DIR.
  const corpus = dbPath === null ? [] : ['--db', dbPath];
  const child = spawn(process.execPath, [rwbBin, 'serve', ...corpus, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  return new Promise((resolve, reject) => {
    // A bound for a hung start (the child is killed, not left behind), well inside the test's own 120 s.
    const timer = setTimeout(() => fail(new Error(`rwb serve printed no URL within ${startBoundMs / 1000} s:\n${output}`)), startBoundMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)/);
      if (!match) return;
      clearTimeout(timer);
      const port = Number(match[1]);
      resolve({
        url: match[0],
        origin: `http://127.0.0.1:${port}`,
        token: match[2]!,
        port,
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => fail(new Error(`rwb serve exited (${code}) before printing its URL:\n${output}`)));
  });
}
