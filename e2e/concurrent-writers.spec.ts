import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { rwbBin, templateCorpus } from './paths';
import { startServe, type ServeProcess } from './serve-process';

const rubricIds = Array.from({ length: 150 }, (_, i) => `cw-${String(i + 1).padStart(3, '0')}`);

function writeJsonl(path: string, records: object[]): string {
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

/** `labels.add` over HTTP for every rubric, `inFlight` requests at a time; each answer's error message, or null when saved. */
async function labelOverHttp(serve: ServeProcess, annotator: string, inFlight: number): Promise<(string | null)[]> {
  const queue = [...rubricIds];
  const outcomes: (string | null)[] = [];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const response = await fetch(`${serve.origin}/api/labels.add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-rwb-token': serve.token },
        body: JSON.stringify({ annotator, schema: 'quality_audit', target: { kind: 'rubric', id }, value: 'accept' }),
      });
      const body = (await response.json()) as { ok: boolean; error?: { message: string } };
      outcomes.push(body.ok ? null : (body.error?.message ?? `HTTP ${response.status}`));
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  return outcomes;
}

/** `rwb labels import` as its own process: its exit code and stderr. */
function cliLabelImport(dbPath: string, file: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [rwbBin, 'labels', 'import', file, '--db', dbPath, '--json'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

test('two serve processes and two CLI label imports write to one corpus at once: 300 of 300 labels saved, none refused as locked', async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'rwb-e2e-writers-'));
  try {
    const dbPath = join(dir, 'corpus.db');
    copyFileSync(templateCorpus(), dbPath);
    const rubrics = rubricIds.map((id, i) => ({ type: 'rubric', id, title: `Concurrency rubric ${i + 1}`, appliesWhen: 'always', pattern: `pattern ${i + 1}`, family: 'error' }));
    const library = { type: 'library', id: 'concurrency', name: 'Concurrency', method: 'hand-curated', builtAt: '2026-12-01', rubrics: rubricIds };
    execFileSync(process.execPath, [rwbBin, 'import', writeJsonl(join(dir, 'rubrics.jsonl'), [...rubrics, library]), '--db', dbPath, '--json'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const labelFiles = [1, 2].map((n) =>
      writeJsonl(
        join(dir, `cli-${n}.jsonl`),
        rubricIds.map((id, i) => ({ type: 'label', annotator: `cli-${n}`, schema: 'quality_audit', target: { kind: 'rubric', id }, value: 'accept', at: new Date(Date.UTC(2026, 9, 1, 0, 0, i)).toISOString() })),
      ),
    );

    // One after the other: two starting at once on a loaded machine may miss the helper's start limit.
    const serves: ServeProcess[] = [];
    let answers: (string | null)[][];
    let cli: { code: number | null; stderr: string }[];
    try {
      serves.push(await startServe(dbPath));
      serves.push(await startServe(dbPath));
      [answers, cli] = await Promise.all([
        Promise.all([labelOverHttp(serves[0]!, 'serve-a', 8), labelOverHttp(serves[1]!, 'serve-b', 8)]),
        Promise.all(labelFiles.map((file) => cliLabelImport(dbPath, file))),
      ]);
    } finally {
      await Promise.all(serves.map((s) => s.stop()));
    }
    expect(answers.map((a) => a.length)).toEqual([150, 150]);
    expect(answers.flat().filter((message) => message !== null)).toEqual([]);
    expect(cli).toEqual([
      { code: 0, stderr: '' },
      { code: 0, stderr: '' },
    ]);

    const history = JSON.parse(execFileSync(process.execPath, [rwbBin, 'labels', 'history', '--schema', 'quality_audit', '--db', dbPath, '--json'], { encoding: 'utf8' })) as {
      labels: { annotator: string }[];
    };
    const perAnnotator = Object.fromEntries(['serve-a', 'serve-b', 'cli-1', 'cli-2'].map((a) => [a, history.labels.filter((l) => l.annotator === a).length]));
    expect(perAnnotator).toEqual({ 'serve-a': 150, 'serve-b': 150, 'cli-1': 150, 'cli-2': 150 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
