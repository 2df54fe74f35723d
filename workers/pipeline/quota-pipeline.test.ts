/**
 * The pipeline end to end over the sample corpus, against a fake Messages API: a Quota
 * library with its funnel and costs, replayed offline to the same bytes; judging; and the
 * held-out-origin audit failing a build by name.
 */
import { describe, expect, it, vi } from 'vitest';
import type { JobProgressEvent, WorkbenchEvent } from '../../common/events';
import { toolUseMessage } from '../model/test-support/fake-messages-server';
import { exportRecords } from '../export/export-records';
import { usePipelineKit } from './test-support/pipeline-kit';

describe('Quota curation over the sample corpus', () => {
  const kit = usePipelineKit();

  it('builds a frozen Quota library with its funnel and costs, and replays it offline byte for byte', async () => {
    const core = kit.core();
    const started = await core.invoke('pipeline.curate', { method: 'quota', targetSize: 12, collection: 'pool', wait: true });
    const run = started.run;
    expect(run).toMatchObject({ kind: 'curate-quota', status: 'done', error: null, executions: 1 });
    const report = run.report!;
    const library = run.library!;
    expect(library).toMatch(/^quota-[0-9a-f]{12}$/);
    expect(report.rubrics.length).toBeGreaterThan(0);
    expect(report.rubrics.length).toBeLessThanOrEqual(12);

    // The funnel adds up, with rejections from the checks and from uniqueness.
    const funnel = report.funnel!;
    expect(funnel.accepted).toBe(report.rubrics.length);
    expect(funnel.proposed).toBe(report.proposals.length);
    expect(funnel.proposed).toBeGreaterThan(funnel.passedChecks);
    expect(funnel.passedChecks).toBeGreaterThanOrEqual(funnel.unique);
    expect(funnel.unique).toBeGreaterThanOrEqual(funnel.accepted);
    expect(funnel.reasons.wrong_program_citation).toBeGreaterThan(0);
    expect(funnel.reasons.format).toBeGreaterThan(0);

    // Quotas follow the pool's mix; only mining benchmarks were mined.
    const quotaTotal = report.categories.reduce((sum, c) => sum + c.quota, 0);
    expect(quotaTotal).toBe(12);
    for (const c of report.categories) expect(c.filled).toBeLessThanOrEqual(c.quota);
    const rollouts = new Set(report.units.map((u) => u.rollout));
    for (const heldOut of ['r-0110', 'r-0111', 'r-0112', 'r-0113', 'r-0114', 'r-0115', 'r-0116']) expect(rollouts.has(heldOut)).toBe(false);

    // Costs from the ledger rows the run used, per accepted rubric.
    expect(run.costs.requests).toBe(report.units.length);
    expect(run.costs.sent).toBe(report.units.length);
    expect(run.costs.unknownCost).toBe(0);
    expect(run.costs.costUsd).toBeGreaterThan(0);
    expect(run.costs.costPerAccepted).toBeCloseTo(run.costs.costUsd / report.rubrics.length, 12);
    expect(kit.server.received).toHaveLength(report.units.length);

    // The library is frozen in the corpus, with its build and a passing audit.
    const listed = (await core.invoke('libraries.list', {})).find((l) => l.id === library);
    expect(listed).toMatchObject({ method: 'quota', size: report.rubrics.length, params: { targetSize: 12, collection: 'pool' } });
    expect(await core.invoke('libraries.build', { library })).toMatchObject({ method: 'quota', run: run.id, funnel, categories: report.categories });
    expect(await core.invoke('libraries.auditOrigins', { library })).toMatchObject({ passed: true, violations: [] });
    const [first] = report.rubrics;
    const citations = await core.invoke('rubrics.citations', { id: first! });
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) expect(c).toMatchObject({ grounded: true, problem: null, location: { rollout: expect.any(String) } });

    // Replay with the server gone: no request, the same library, byte for byte.
    await kit.server.stop();
    const replay = await core.invoke('pipeline.replay', { run: run.id });
    expect(replay).toMatchObject({ identical: true, library, records: report.rubrics.length + 1, differences: [], requests: report.units.length });
    const exported = [...exportRecords(core.db)].map((r) => JSON.stringify(r));
    const stored = new Set(exported);
    for (const line of replay.lines) expect(stored.has(line)).toBe(true);
    expect(JSON.parse(replay.lines[0]!)).toMatchObject({ type: 'library', id: library, funnel });
  });

  it('judges a case against the library and shows the verdicts for the rollout', async () => {
    const core = kit.core();
    const { run: built } = await core.invoke('pipeline.curate', { method: 'quota', targetSize: 12, collection: 'pool', wait: true });
    const { run } = await core.invoke('pipeline.judge', {
      library: built.library!,
      targets: [{ rollout: 'r-0003', step: 4 }, { rollout: 'r-0101' }],
      wait: true,
    });
    expect(run).toMatchObject({ status: 'done', kind: 'judge' });
    const targets = run.report!.targets;
    expect(targets.map((t) => [t.rollout, t.outcome])).toEqual([
      ['r-0003', 'judged'],
      ['r-0101', 'judged'],
    ]);
    const verdicts = await core.invoke('verdicts.list', { rollout: 'r-0003', step: 4 });
    expect(verdicts).toHaveLength(targets[0]!.rubrics);
    for (const v of verdicts) {
      expect(['fires', 'does_not_fire', 'not_applicable']).toContain(v.verdict);
      if (v.verdict === 'fires') expect(v.grounded).toBe(true);
      expect(v.run).toBe(run.id);
    }
    const retrieval = await core.invoke('retrieval.run', { library: built.library!, rollout: 'r-0003', step: 4 });
    expect(verdicts.map((v) => v.rubric).sort()).toEqual(retrieval.rubrics.map((r) => r.id).sort());

    const pr = await core.invoke('rubrics.precisionRecall', { run: run.id });
    expect(pr.verdicts).toBe(run.report!.verdicts);
    expect(pr.byLibrary.map((row) => row.library)).toContain(built.library);

    await kit.server.stop();
    expect(await core.invoke('pipeline.replay', { run: run.id })).toMatchObject({ identical: true, records: run.report!.verdicts });
  });
});

describe('pipeline runs as worker jobs', () => {
  const kit = usePipelineKit();

  it('returns at once without wait, reports progress events, and ends done', async () => {
    const core = kit.core();
    const events: WorkbenchEvent[] = [];
    core.onEvent((e) => events.push(e));
    const { jobId, run } = await core.invoke('pipeline.mine', { collection: 'first' });
    // The seven rollouts of the 1st collection that have a failure (r-0008 has none).
    expect(run).toMatchObject({ status: 'running', kind: 'mine', total: 7 });
    await vi.waitFor(async () => expect((await core.invoke('pipeline.get', { run: run.id })).status).toBe('done'), { timeout: 60_000 });
    const progress = events.filter((e): e is JobProgressEvent => e.type === 'job:progress' && e.jobId === jobId);
    expect(progress[0]).toMatchObject({ kind: 'pipeline-mine', phase: 'running', done: 0, total: 7 });
    expect(progress.filter((p) => p.phase === 'running').map((p) => p.done)).toContain(7);
    expect(progress.at(-1)).toMatchObject({ phase: 'done', done: 7, total: 7 });
    expect(events.some((e) => e.type === 'db:changed' && e.tables.includes('libraries'))).toBe(true);
    expect((await core.invoke('pipeline.list', { kind: 'mine' })).map((r) => r.id)).toEqual([run.id]);
  });

  it('says there is no API key before recording a run, and replays without one', async () => {
    const core = kit.core();
    const { run } = await core.invoke('pipeline.mine', { collection: 'first', wait: true });
    // A worker started without a key in its environment.
    vi.stubEnv('ANTHROPIC_API_KEY', '');
    const keyless = kit.core();
    await expect(keyless.invoke('pipeline.judge', { library: 'quota-24', targets: [{ rollout: 'r-0003' }] })).rejects.toMatchObject({
      code: 'unavailable',
      message: expect.stringMatching(/^no API key/),
    });
    expect(await keyless.invoke('pipeline.list', {})).toHaveLength(1);
    expect(await keyless.invoke('pipeline.replay', { run: run.id })).toMatchObject({ identical: true });
  });

  it('builds no library when nothing is accepted', async () => {
    kit.server.replyWith(() => ({ body: toolUseMessage('record_rubrics', { rubrics: [] }) }));
    const core = kit.core();
    const { run } = await core.invoke('pipeline.mine', { collection: 'first', wait: true });
    expect(run).toMatchObject({ status: 'failed', library: null, error: expect.stringContaining('no rubric was accepted') });
    expect(run.report!.funnel).toEqual({ proposed: 0, passedChecks: 0, unique: 0, accepted: 0, reasons: {} });
  });
});

describe('the held-out-origin audit', () => {
  const kit = usePipelineKit();

  it('fails a mined library fed by held-out benchmarks, naming each rubric and task', async () => {
    const core = kit.core();
    const { run } = await core.invoke('pipeline.mine', { rollouts: ['r-0101', 'r-0110', 'r-0116'], wait: true });
    expect(run.status).toBe('failed');
    expect(run.library).toBeNull();
    const violations = run.report!.violations;
    expect(new Set(violations.map((v) => [v.task, v.benchmark].join(' ')))).toEqual(new Set(['spaceship-titanic mle-bench', 'kernelbench-l1-23 kernelbench']));
    for (const v of violations) expect(run.error).toContain(`rubric ${v.rubric} "${v.title}" from task ${v.task} (held-out benchmark ${v.benchmark}`);
    expect((await core.invoke('libraries.list', {})).some((l) => l.method === 'whole-rollout' && l.id !== 'whole-rollout-pool')).toBe(false);
  });

  it('fails a Filtered cut of a library that holds a held-out rubric, and audits stored libraries', async () => {
    const core = kit.core();
    const { run: mined } = await core.invoke('pipeline.mine', { collection: 'pool', wait: true });
    expect(mined.status).toBe('done');
    // The form's preview of the same cut, before it starts: the words its run row will use.
    const preview = await core.invoke('curation.filteredPreview', { from: mined.library!, collection: 'pool', targetSize: 6 });
    expect(preview).toMatchObject({ targetSize: 6, kept: 4, of: mined.report!.rubrics.length, short: 2 });
    const { run: cut } = await core.invoke('pipeline.curate', { method: 'filtered', from: mined.library!, collection: 'pool', targetSize: 6, wait: true });
    expect(cut).toMatchObject({ status: 'done', kind: 'curate-filtered' });
    expect(cut.message).toBe(`library ${cut.library}: ${preview.summary}`);
    expect(cut.report!.allocation).toEqual(preview.allocation);
    expect(cut.report!.rubrics.length).toBeLessThanOrEqual(6);
    expect(cut.report!.funnel).toMatchObject({ proposed: mined.report!.rubrics.length, accepted: cut.report!.rubrics.length });
    // Its row says what the cut kept of the library, not a mining funnel's "proposed, passed checks".
    // and, with a target above what two pool categories have in the library, says which fell short.
    expect(cut.message).toBe(
      `library ${cut.library}: ${cut.report!.rubrics.length} of ${mined.report!.rubrics.length} rubrics kept by the cut; 2 short of the target: C11 has 0 for a quota of 1, P01 has 0 for a quota of 1`,
    );
    expect(cut.report!.rubrics.length).toBe(4);
    expect(await core.invoke('pipeline.replay', { run: cut.id })).toMatchObject({ identical: true, requests: 0, records: cut.report!.rubrics.length + 1 });

    // A library imported with a rubric mined from MLE-bench.
    core.db
      .prepare(
        `INSERT INTO rubrics (id, title, applies_when, pattern, family, category, record_hash) VALUES ('rb-leak', 'Leaked lesson', 'a', 'p', 'error', 'C03', 'x')`,
      )
      .run();
    core.db.prepare(`INSERT INTO rubric_support (rubric_id, rollout_id, task_id) VALUES ('rb-leak', 'r-0112', 'spaceship-titanic')`).run();
    core.db.prepare(`INSERT INTO libraries (id, name, method, built_at, record_hash) VALUES ('leaky', 'Leaky', 'hand-curated', '2026-10-01', 'y')`).run();
    core.db.prepare(`INSERT INTO library_rubrics (library_id, rubric_id, position) VALUES ('leaky', 'rb-0013', 0), ('leaky', 'rb-leak', 1)`).run();
    expect(await core.invoke('libraries.auditOrigins', { library: 'leaky' })).toEqual({
      library: 'leaky',
      rubrics: 2,
      passed: false,
      violations: [{ rubric: 'rb-leak', title: 'Leaked lesson', rollout: 'r-0112', task: 'spaceship-titanic', benchmark: 'mle-bench' }],
      unresolved: [],
    });
    const { run: failed } = await core.invoke('pipeline.curate', { method: 'filtered', from: 'leaky', targetSize: 2, wait: true });
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('rubric rb-leak "Leaked lesson" from task spaceship-titanic (held-out benchmark mle-bench, rollout r-0112)');
  });
});
