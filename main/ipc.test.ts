import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IpcMainInvokeEvent, WebContents } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { operationNames, type Result } from '../common/contract';
import { callChannel, chosenPathChannel } from '../common/ipc-channels';
import { useTempDir } from '../workers/test-support/temp-dir';
import { ApiKeyStore } from './api-key-store';
import { appPage } from './app-page';
import { ChosenPaths } from './chosen-paths';
import { handleWorkbenchCalls } from './ipc';
import { modelKeyOperations } from './model-key';
import { isFromAppFrame } from './security';
import { ipcMain } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

const page = appPage();
const window = { id: 3, isDestroyed: () => false } as unknown as WebContents;
const appFrame = { sender: { id: 3 }, senderFrame: { url: 'app://workbench/index.html#/corpus', parent: null } };
const foreignFrames = {
  'another window': { sender: { id: 4 }, senderFrame: { url: 'app://workbench/index.html', parent: null } },
  'a subframe': { sender: { id: 3 }, senderFrame: { url: 'app://workbench/index.html', parent: {} } },
  'a foreign page': { sender: { id: 3 }, senderFrame: { url: 'https://example.com/', parent: null } },
};

/** The worker as main sees it: every call it receives, answered with `ok`. */
class FakeHost {
  readonly calls: { op: string; request: unknown }[] = [];
  readonly credentials: [string | null, string][] = [];
  async call(op: string, request: unknown): Promise<Result<unknown>> {
    this.calls.push({ op, request });
    return { ok: true, value: op === 'models.status' ? { status: 'from the worker' } : null };
  }
  setCredentials(key: string | null, source: string): void {
    this.credentials.push([key, source]);
  }
}

const tempDir = useTempDir();
let host: FakeHost;
let chosen: ChosenPaths;
let keys: ApiKeyStore;
let keyFile: string;
let remove: () => void;

beforeEach(() => {
  host = new FakeHost();
  chosen = new ChosenPaths();
  keyFile = join(tempDir(), 'api-key.bin');
  keys = new ApiKeyStore(keyFile);
  remove = handleWorkbenchCalls(host, (event) => isFromAppFrame(event, window, page), chosen, modelKeyOperations(host, keys));
});
afterEach(() => remove());

const call = (op: unknown, request: unknown, from: object = appFrame) =>
  ipcMain.invoke(callChannel, from as IpcMainInvokeEvent, op, request) as Promise<Result<unknown> | undefined>;
const choose = (path: unknown, from: object = appFrame) => {
  const event = { ...from, returnValue: undefined as unknown };
  ipcMain.emit(chosenPathChannel, event, path);
  return event.returnValue;
};

describe('the IPC boundary', () => {
  it('forwards a valid call from the app frame with its request as validated (defaults filled)', async () => {
    expect(await call('search.query', { query: 'Traceback' })).toEqual({ ok: true, value: null });
    expect(host.calls).toEqual([{ op: 'search.query', request: { query: 'Traceback', rubrics: false, limit: 50 } }]);
  });

  it('does not answer a foreign sender, and nothing reaches the worker', async () => {
    for (const [name, from] of Object.entries(foreignFrames)) expect(await call('corpus.stats', {}, from), name).toBeUndefined();
    expect(host.calls).toEqual([]);
  });

  it('refuses an unknown operation, including names of Object.prototype', async () => {
    for (const name of ['nope', 'toString', '__proto__', 'constructor', 42, null]) {
      const result = await call(name, {});
      expect(result?.ok, String(name)).toBe(false);
      expect(result && !result.ok && result.error.code).toBe('unknown_operation');
    }
    expect(host.calls).toEqual([]);
  });

  it('validates every operation before it reaches the worker', async () => {
    for (const op of operationNames) {
      for (const request of [{ notAField: 1 }, 42, 'text', [1]]) {
        const result = await call(op, request);
        expect(result && !result.ok && result.error.code, `${op} ${JSON.stringify(request)}`).toBe('invalid_request');
      }
    }
    expect(host.calls).toEqual([]);
  });
});

describe('paths from the window: only files the user chose in this session', () => {
  const requests = (path: string) =>
    [
      ['import.files', { paths: [path] }],
      ['labels.import', { paths: [path] }],
      ['leaderboards.attach', { task: 'task-1', path }],
      ['export.bundle', { out: path }],
      ['labels.export', { out: path }],
    ] as const;

  it('refuses a path the user did not choose, naming the field, and forwards nothing', async () => {
    for (const [op, request] of requests('/etc/shadow')) {
      const result = await call(op, request);
      expect(result && !result.ok && result.error.code, op).toBe('invalid_request');
      expect(result && !result.ok && result.error.message, op).toMatch(/"\/etc\/shadow" was not chosen in a file dialog in this session/);
    }
    expect(host.calls).toEqual([]);
  });

  it('forwards a path the preload reported as chosen, and a second spelling of it', async () => {
    expect(choose('/home/me/runs/run.jsonl')).toBeNull();
    for (const [op, request] of requests('/home/me/runs/run.jsonl')) expect((await call(op, request))?.ok, op).toBe(true);
    expect((await call('import.files', { paths: ['/home/me/runs/./run.jsonl'] }))?.ok).toBe(true);
    expect(host.calls.map((c) => c.op)).toEqual(['import.files', 'labels.import', 'leaderboards.attach', 'export.bundle', 'labels.export', 'import.files']);
  });

  it('refuses the rest of a request once one path was not chosen', async () => {
    choose('/home/me/a.jsonl');
    const result = await call('import.files', { paths: ['/home/me/a.jsonl', '/home/me/.ssh/id_ed25519'] });
    expect(result && !result.ok && result.error.message).toMatch(/paths\.1 "\/home\/me\/\.ssh\/id_ed25519"/);
    expect(host.calls).toEqual([]);
  });

  it('ignores files reported by a foreign frame, and anything but an absolute path', async () => {
    for (const from of Object.values(foreignFrames)) choose('/home/me/evil.jsonl', from);
    for (const path of ['relative.jsonl', '', 42, null, { path: '/x' }]) choose(path);
    expect((await call('import.files', { paths: ['/home/me/evil.jsonl'] }))?.ok).toBe(false);
    expect((await call('import.files', { paths: ['relative.jsonl'] }))?.ok).toBe(false);
    expect(host.calls).toEqual([]);
  });

  it('lets labels.export write to the exports folder without a chosen path', async () => {
    expect((await call('labels.export', { format: 'csv' }))?.ok).toBe(true);
    expect(host.calls.map((c) => c.op)).toEqual(['labels.export']);
  });
});

describe("main's own operations: the model key", () => {
  it('keeps a set key in safe storage and hands it to the worker, which never sees the request', async () => {
    const result = await call('models.setKey', { key: 'sk-ant-test-0123456789' });
    expect(result).toEqual({ ok: true, value: { status: 'from the worker' } });
    expect(host.credentials).toEqual([['sk-ant-test-0123456789', 'safe-storage']]);
    expect(host.calls.map((c) => c.op)).toEqual(['models.status']);
    expect(readFileSync(keyFile).toString()).not.toContain('sk-ant-test-0123456789');
    expect(keys.load()).toBe('sk-ant-test-0123456789');
  });

  it('clears the stored key and tells the worker to forget it', async () => {
    await call('models.setKey', { key: 'sk-ant-test-0123456789' });
    expect(await call('models.clearKey', {})).toEqual({ ok: true, value: { status: 'from the worker' } });
    expect(host.credentials.at(-1)).toEqual([null, 'session']);
    expect(keys.load()).toBeNull();
  });

  it('refuses a malformed key without storing or sending anything, and without echoing it', async () => {
    const result = await call('models.setKey', { key: 'short' });
    expect(result && !result.ok && result.error.code).toBe('invalid_request');
    expect(JSON.stringify(result)).not.toContain('"short"');
    expect(host.credentials).toEqual([]);
    expect(existsSync(keyFile)).toBe(false);
  });
});
