/**
 * A worker that exits takes the programs it still runs with it: a real Node process tracks two
 * real process groups, lets one go, and exits; the tracked one is killed, the released one is not.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessGroups, signalGroup } from './process-group';
import { processGoneSoon } from './test-support/run-corpus';

describe('process groups', () => {
  const leftover: number[] = [];
  afterAll(() => {
    for (const pgid of leftover) signalGroup(pgid, 'SIGKILL');
  });

  /** A worker that starts two `sleep` groups, tracks both, releases the second, prints their pids and exits. */
  const worker = (): Promise<{ tracked: number; released: number; listeners: number }> => {
    const script = `
      const { spawn } = require('node:child_process');
      import(${JSON.stringify(join(import.meta.dirname, 'process-group.ts'))}).then(({ ProcessGroups }) => {
        const groups = new ProcessGroups();
        const start = () => { const c = spawn('sleep', ['60'], { detached: true, stdio: 'ignore' }); c.unref(); return c.pid; };
        const tracked = start();
        const released = start();
        groups.track(tracked);
        groups.track(released)();
        const listeners = process.listenerCount('exit');
        console.log(JSON.stringify({ tracked, released, listeners }));
        process.exit(0);
      });`;
    const child: ChildProcess = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('exit', (code) =>
        code === 0 && out.includes('\n') ? resolve(JSON.parse(out.trim())) : reject(new Error(`the worker exited ${code}: ${out}`)),
      );
    });
  };

  it('kills the groups still tracked when the process exits, and leaves the released ones alone', async () => {
    const { tracked, released, listeners } = await worker();
    leftover.push(tracked, released);
    expect(listeners).toBe(1);
    expect(await processGoneSoon(tracked)).toBe(true);
    expect(signalGroup(released, 0)).toBe(true);
  });

  it('hooks the exit only while a group is tracked', () => {
    const before = process.listenerCount('exit');
    const groups = new ProcessGroups();
    const untrack = [groups.track(2_000_000_001), groups.track(2_000_000_002)];
    expect(process.listenerCount('exit')).toBe(before + 1);
    for (const release of untrack) release();
    expect(process.listenerCount('exit')).toBe(before);
  });
});
