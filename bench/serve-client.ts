/** What the serve-mode benchmarks share: starting `rwb serve`, calling its API, percentiles. */
import { spawn, type ChildProcess } from 'node:child_process';
import { request, type Agent } from 'node:http';
import { join } from 'node:path';
import { projectRoot } from './spawn-child';

/** A request with no answer by then counts as an error. */
export const timeoutMs = 10_000;

export interface Server {
  origin: string;
  token: string;
  child: ChildProcess;
}

/** Starts `rwb serve --port 0` and resolves with the URL it prints. */
export function startServe(dbPath: string): Promise<Server> {
  const child = spawn(process.execPath, [join(projectRoot, 'bin/rwb.js'), 'serve', '--db', dbPath, '--port', '0'], {
    cwd: projectRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const match = /(http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)/.exec(out);
      if (match) resolve({ origin: match[1]!, token: match[2]!, child });
    });
    child.once('exit', (code) => reject(new Error(`rwb serve exited (${code}) before printing its URL:\n${out}`)));
  });
}

export interface Outcome {
  ms: number;
  ok: boolean;
  error?: string;
  value?: unknown;
}

/** POSTs one API call over a keep-alive connection of `agent`; never throws. */
export function post(server: Server, agent: Agent, op: string, body: unknown, token = server.token): Promise<Outcome> {
  const start = performance.now();
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const done = (ok: boolean, error?: string, value?: unknown) => resolve({ ms: performance.now() - start, ok, error, value });
    const req = request(`${server.origin}/api/${op}`, {
      method: 'POST',
      agent,
      timeout: timeoutMs,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-rwb-token': token },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        try {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { ok: boolean; value?: unknown; error?: { message: string } };
          done(res.statusCode === 200 && json.ok, json.error?.message, json.value);
        } catch (err) {
          done(false, (err as Error).message);
        }
      });
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs / 1000} s`)));
    req.on('error', (err) => done(false, err.message));
    req.end(payload);
  });
}

/** The q-quantile of sorted figures (nearest rank); NaN for none. */
export const percentile = (sorted: number[], q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN);
