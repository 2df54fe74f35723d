/**
 * A team on one box (issue 28): 20 auditors, each signed in with their own link, labelling at
 * once against one `rwb serve` process for 2 minutes, while a researcher uploads and imports
 * bundles beside them. Every label is checked afterwards against the corpus: none failed, none
 * acknowledged and then missing, each in the name of the person whose link made it.
 * Targets: 0 failed, 0 lost, 0 misattributed, p95 of `labels.add` <= 100 ms (on a quiet
 * machine). `RWB_TEAM_SECONDS` shortens the run (a quick check under load). Needs `npm run build`.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { StoredLabel } from '../common/labels/labels';
import { generateCorpus } from '../scripts/gen-corpus';
import { Core } from '../workers/core/core';
import { ensureSampleCorpus } from '../workers/core/sample-corpus';
import { defaultRendererDir } from '../workers/serve/server';
import { formatNumber } from './report';
import { percentile, post, startServe, timeoutMs, type Server } from './serve-client';
import { target, type Benchmark } from './types';

const auditors = 20;
const durationMs = Number(process.env.RWB_TEAM_SECONDS ?? 120) * 1000;
/** An auditor with the keyboard: a label every 0.5 to 1.5 s. */
const thinkMs = [500, 1500] as const;
const bundles = 3;
/** The researcher picks the next file to import after 1 to 3 s. */
const importPauseMs = [1000, 3000] as const;

/** Uploads a file as the researcher; resolves the server-side path import.files takes. */
function upload(server: Server, token: string, file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = readFileSync(file);
    const req = request(`${server.origin}/upload?name=${encodeURIComponent(file.split('/').pop()!)}`, {
      method: 'POST',
      timeout: timeoutMs,
      headers: { 'x-rwb-token': token, 'content-length': body.length },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { ok: boolean; value?: { path: string }; error?: { message: string } };
        if (json.ok) resolve(json.value!.path);
        else reject(new Error(`upload: ${json.error?.message}`));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

export const teamBench: Benchmark = {
  name: 'team',
  description: `${auditors} auditors with their own links labelling at once for ${durationMs / 1000} s against one rwb serve, and a researcher importing`,
  async run(ctx) {
    if (!existsSync(join(defaultRendererDir, 'index.html'))) throw new Error('the renderer is not built: run `npm run build` first');
    const template = join(ctx.workDir, 'team-sample.db');
    await ensureSampleCorpus(template);
    const dbPath = join(ctx.workDir, 'team.db');
    copyFileSync(template, dbPath);
    const files: string[] = [];
    for (let i = 0; i < bundles; i++) {
      const out = join(ctx.workDir, `team-import-${i}.jsonl`);
      await generateCorpus({ rollouts: 40, stepsPerRollout: 20, rubrics: 10, out, seed: 100 + i });
      files.push(out);
    }

    // The owner adds the team as `rwb people add` does, before the box serves them.
    const admin = new Core({ dbPath, shell: 'cli' });
    const names = Array.from({ length: auditors }, (_, i) => `auditor-${String(i + 1).padStart(2, '0')}`);
    const tokens = new Map<string, string>();
    try {
      for (const name of names) tokens.set(name, (await admin.invoke('people.add', { name, role: 'auditor' })).token);
      tokens.set('researcher', (await admin.invoke('people.add', { name: 'researcher', role: 'researcher' })).token);
    } finally {
      admin.close();
    }

    const server = await startServe(dbPath);
    const agent = new Agent({ keepAlive: true, maxSockets: auditors + 2 });
    try {
      const owner = (op: string, body: unknown) => post(server, agent, op, body);
      const rubrics = ((await owner('rubrics.list', { limit: 500 })).value as { rows: { id: string }[] }).rows.map((r) => r.id);
      const addMs: number[] = [];
      const failed: string[] = [];
      const acknowledged: { person: string; label: StoredLabel }[] = [];
      const imports: number[] = [];
      const end = performance.now() + durationMs;
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

      const auditor = async (name: string, index: number) => {
        const token = tokens.get(name)!;
        await sleep(Math.random() * thinkMs[1]);
        // Each starts at its own place in the rubrics, so pairs of auditors overlap as a team's do.
        for (let n = 0; performance.now() < end; n++) {
          const rubric = rubrics[(index * 7 + n) % rubrics.length]!;
          const body = { annotator: name, schema: 'quality_audit', target: { kind: 'rubric', id: rubric }, value: 'accept', clientId: `${name}-${n}-bench` };
          const outcome = await post(server, agent, 'labels.add', body, token);
          addMs.push(outcome.ms);
          if (outcome.ok) acknowledged.push({ person: name, label: outcome.value as StoredLabel });
          else failed.push(`${name}: ${outcome.error}`);
          await sleep(thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0]));
        }
      };
      const researcher = async () => {
        const token = tokens.get('researcher')!;
        for (let n = 0; performance.now() < end; n++) {
          const path = await upload(server, token, files[n % files.length]!);
          const outcome = await post(server, agent, 'import.files', { paths: [path] }, token);
          imports.push(outcome.ms);
          if (!outcome.ok) failed.push(`researcher import: ${outcome.error}`);
          await sleep(importPauseMs[0] + Math.random() * (importPauseMs[1] - importPauseMs[0]));
        }
      };

      ctx.log(`team: ${auditors} auditors and a researcher for ${durationMs / 1000} s`);
      const loadBefore = loadavg()[0]!;
      await Promise.all([...names.map(auditor), researcher()]);
      const loadAfter = loadavg()[0]!;

      // What the corpus holds afterwards, read as the owner: every acknowledged label, in its person's name.
      const history = (await owner('labels.history', { schema: 'quality_audit', limit: 100_000 })).value as { labels: StoredLabel[] };
      const stored = new Map(history.labels.map((l) => [l.id, l]));
      const lost = acknowledged.filter((a) => !stored.has(a.label.id));
      const misattributed = acknowledged.filter(
        (a) => a.label.annotator !== a.person || (stored.get(a.label.id) && stored.get(a.label.id)!.annotator !== a.person),
      );
      const sorted = [...addMs].sort((a, b) => a - b);
      const importSorted = [...imports].sort((a, b) => a - b);
      return {
        metrics: [
          { name: 'labels.add requests', value: addMs.length, unit: '' },
          { name: 'labels acknowledged', value: acknowledged.length, unit: '' },
          { name: 'labels.add p50', value: percentile(sorted, 0.5), unit: 'ms' },
          { name: 'labels.add p95', value: percentile(sorted, 0.95), unit: 'ms' },
          { name: 'labels.add max', value: sorted.at(-1) ?? NaN, unit: 'ms' },
          { name: 'imports', value: imports.length, unit: '' },
          { name: 'import p50', value: percentile(importSorted, 0.5), unit: 'ms' },
          { name: 'machine load average (1 min), before', value: loadBefore, unit: '' },
          { name: 'machine load average (1 min), after', value: loadAfter, unit: '' },
        ],
        tables: [
          {
            title: 'labels per person',
            header: ['person', 'acknowledged', 'stored in their name'],
            rows: names.map((name) => [
              name,
              String(acknowledged.filter((a) => a.person === name).length),
              String(history.labels.filter((l) => l.annotator === name).length),
            ]),
            numeric: [false, true, true],
          },
        ],
        targets: [
          target('failed labels and imports', failed.length, '<=', 0, ''),
          target('labels acknowledged but not stored', lost.length, '<=', 0, ''),
          target('labels stored in another name', misattributed.length, '<=', 0, ''),
          target('p95 of labels.add', percentile(sorted, 0.95), '<=', 100, 'ms'),
        ],
        notes: [
          `each auditor waits ${thinkMs[0]}-${thinkMs[1]} ms between labels; the researcher uploads and imports one of ${bundles} generated bundles (40 rollouts each) every ${importPauseMs[0] / 1000}-${importPauseMs[1] / 1000} s, the first import of each writing and the later ones finding every record already there`,
          `the p95 target is for a quiet machine; compare the load averages (${formatNumber(loadBefore)} before, ${formatNumber(loadAfter)} after) with the number of cores`,
          ...failed.slice(0, 5).map((e) => `error: ${e}`),
        ],
      };
    } finally {
      agent.destroy();
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
  },
};
