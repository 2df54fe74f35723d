/**
 * Blind mode, the theme, the density and the label queue's position are each person's own (issue 28): two
 * auditors on one serve process change theirs, and neither's change reaches the other nor the
 * first paint of the other's page; one cannot move the other's place in the queue.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../common/contract';
import { ownerToken, useTeamServer } from '../test-support/team-server';

const startTeam = useTeamServer();
const pool = { kind: 'library', library: 'whole-rollout-pool' } as const;

describe('per-person settings over serve mode', () => {
  it("keeps each person's blind mode, theme, density and queue position apart", async () => {
    // The page's theme is written into its <html> element, which the stand-in page needs for it.
    const { server, call, value, addPerson } = await startTeam((dir) =>
      writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="en"><body></body></html>'),
    );
    const ann = await addPerson('ann', 'auditor');
    const bob = await addPerson('bob', 'auditor');
    const settings = (who: string) => value<ResponseOf<'settings.get'>>(who, 'settings.get', {});

    await value(ann, 'settings.set', { theme: 'dark', blind: false, density: 'compact' });
    await value(bob, 'settings.set', { theme: 'light' });
    expect(await settings(ann)).toMatchObject({ annotator: 'ann', theme: 'dark', blind: false, density: 'compact' });
    expect(await settings(bob)).toMatchObject({ annotator: 'bob', theme: 'light', blind: true, density: 'comfortable' });
    expect(await settings(ownerToken)).toMatchObject({ theme: 'system', blind: true, density: 'comfortable' });
    expect((await call(bob, 'settings.set', { density: 'tiny' })).error?.code).toBe('invalid_request');
    // Each page's first paint has its person's theme, not the last one saved by anyone.
    await value(ownerToken, 'settings.set', { theme: 'light' });
    const pageTheme = async (who: string) => /data-theme-choice="(\w+)"/.exec(await (await fetch(`http://127.0.0.1:${server.port}/s/${who}/`)).text())?.[1];
    expect([await pageTheme(ann), await pageTheme(bob), await pageTheme(ownerToken)]).toEqual(['dark', 'light', 'light']);
    await value(ownerToken, 'settings.set', { theme: 'dark' });
    await value(bob, 'settings.set', { theme: 'system' });
    expect([await pageTheme(ann), await pageTheme(bob), await pageTheme(ownerToken)]).toEqual(['dark', 'system', 'dark']);

    const queue = (who: string, annotator: string) =>
      value<ResponseOf<'labels.queue'>>(who, 'labels.queue', { schema: 'quality_audit', annotator, targetSet: pool });
    const items = (await queue(ann, 'ann')).items;
    expect(items.length).toBeGreaterThan(5);
    await value(ann, 'labels.cursor', { annotator: 'ann', schema: 'quality_audit', targetSet: pool, target: items[3]!.target });
    await value(bob, 'labels.cursor', { annotator: 'bob', schema: 'quality_audit', targetSet: pool, target: items[5]!.target });
    expect((await queue(ann, 'ann')).resume).toBe(3);
    expect((await queue(bob, 'bob')).resume).toBe(5);

    const moved = await call(bob, 'labels.cursor', { annotator: 'ann', schema: 'quality_audit', targetSet: pool, target: items[0]!.target });
    expect(moved.error?.code).toBe('forbidden');
    expect((await queue(ann, 'ann')).resume).toBe(3);
  });
});
