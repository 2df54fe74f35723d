/**
 * What tests of a team on one serve process share: a real server and worker on a copy of the
 * sample corpus, the box owner's token, and calls to its HTTP API as any person's link.
 */
import { afterEach } from 'vitest';
import type { ResponseOf } from '../../common/contract';
import type { Role } from '../../common/people/people';
import { startServer, type RunningServer } from '../serve/server';
import { stubRenderer, useSampleCorpus } from './serve-fixture';
import { useTempDir } from './temp-dir';

/** The printed URL's secret: the box's owner, an admin. */
export const ownerToken = 'owner-token-0123456789';

export interface Answer {
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

export interface TeamServer {
  server: RunningServer;
  dbPath: string;
  /** Calls an operation with a link's secret; the answer as sent, a refusal included. */
  call(token: string, op: string, body: unknown): Promise<Answer>;
  /** Calls an operation and resolves its value; throws on a refusal, with its message. */
  value<T>(token: string, op: string, body: unknown): Promise<T>;
  /** Adds a person as the owner; resolves their link's secret. */
  addPerson(name: string, role: Role): Promise<string>;
}

/** Call at the top of a test file: returns a function that starts a team server for one test (closed after it). */
export function useTeamServer(): (prepareRenderer?: (dir: string) => void) => Promise<TeamServer> {
  const tempDir = useTempDir();
  const sampleCorpus = useSampleCorpus();
  const running: RunningServer[] = [];
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.close()));
  });
  return async (prepareRenderer) => {
    const dir = tempDir();
    const dbPath = await sampleCorpus(dir);
    const rendererDir = stubRenderer(dir);
    prepareRenderer?.(rendererDir);
    const server = await startServer({ dbPath, port: 0, seedSample: false, rendererDir, token: ownerToken });
    running.push(server);
    const call = async (token: string, op: string, body: unknown): Promise<Answer> => {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/${op}`, {
        method: 'POST',
        headers: { 'x-rwb-token': token },
        body: JSON.stringify(body),
      });
      return (await response.json()) as Answer;
    };
    const value = async <T>(token: string, op: string, body: unknown): Promise<T> => {
      const answer = await call(token, op, body);
      if (!answer.ok) throw new Error(`${op}: ${answer.error?.message}`);
      return answer.value as T;
    };
    const addPerson = async (name: string, role: Role) => (await value<ResponseOf<'people.add'>>(ownerToken, 'people.add', { name, role })).token;
    return { server, dbPath, call, value, addPerson };
  };
}
