import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { ResponseOf, Result } from '../common/contract';
import { rwbBin, templateCorpus } from './paths';

interface Serve {
  origin: string;
  token: string;
  stop(): Promise<void>;
}

/**
 * `rwb serve` on the corpus, resolved once it prints its URL. No start limit of its own (the
 * test's timeout bounds it): starting three processes through tsx on a loaded 2-core machine
 * can take longer than the shared helper allows.
 */
function serve(dbPath: string): Promise<Serve> {
  const child = spawn(process.execPath, [rwbBin, 'serve', '--db', dbPath, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  let output = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)/.exec(output);
      if (url) resolve({ origin: `http://127.0.0.1:${url[1]}`, token: url[2]!, stop: () => (child.kill('SIGTERM'), exited) });
    });
    void exited.then(() => reject(new Error(`rwb serve exited before printing its URL:\n${output}`)));
  });
}

const rubricIds = Array.from({ length: 150 }, (_, i) => `cw-${String(i + 1).padStart(3, '0')}`);

function writeJsonl(path: string, records: object[]): string {
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return path;
}

/**
 * `labels.add` over HTTP, `inFlight` at a time: one label per rubric, then more (each a new
 * record superseding the last) until `othersDone` says the other writers have finished, so
 * this process's writes overlap all of theirs. Each answer's error message, or null when saved.
 */
async function labelOverHttp(server: Serve, annotator: string, inFlight: number, othersDone: () => boolean): Promise<(string | null)[]> {
  let next = 0;
  const outcomes: (string | null)[] = [];
  const worker = async () => {
    while (next < rubricIds.length || !othersDone()) {
      const id = rubricIds[next++ % rubricIds.length]!;
      const response = await fetch(`${server.origin}/api/labels.add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-rwb-token': server.token },
        body: JSON.stringify({ annotator, schema: 'quality_audit', target: { kind: 'rubric', id }, value: 'accept' }),
      });
      const body = (await response.json()) as Result<ResponseOf<'labels.add'>>;
      outcomes.push(body.ok ? null : body.error.message);
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

test('two serve processes (8 labels in flight each) and two CLI label imports write to one corpus at once: every label saved, none refused as locked', async () => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'rwb-e2e-writers-'));
  try {
    const dbPath = join(dir, 'corpus.db');
    copyFileSync(templateCorpus(), dbPath);
    const rubrics = rubricIds.map((id, i) => ({
      type: 'rubric',
      id,
      title: `Concurrency rubric ${i + 1}`,
      appliesWhen: 'always',
      pattern: `pattern ${i + 1}`,
      family: 'error',
    }));
    const library = { type: 'library', id: 'concurrency', name: 'Concurrency', method: 'hand-curated', builtAt: '2026-12-01', rubrics: rubricIds };
    execFileSync(process.execPath, [rwbBin, 'import', writeJsonl(join(dir, 'rubrics.jsonl'), [...rubrics, library]), '--db', dbPath, '--json'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const labelFiles = [1, 2].map((n) =>
      writeJsonl(
        join(dir, `cli-${n}.jsonl`),
        rubricIds.map((id, i) => ({
          type: 'label',
          annotator: `cli-${n}`,
          schema: 'quality_audit',
          target: { kind: 'rubric', id },
          value: 'accept',
          at: new Date(Date.UTC(2026, 9, 1, 0, 0, i)).toISOString(),
        })),
      ),
    );

    const serves: Serve[] = [];
    let answers: (string | null)[][];
    let cli: { code: number | null; stderr: string }[];
    try {
      serves.push(await serve(dbPath));
      serves.push(await serve(dbPath));
      let cliDone = false;
      const imports = Promise.all(labelFiles.map((file) => cliLabelImport(dbPath, file))).finally(() => (cliDone = true));
      [answers, cli] = await Promise.all([Promise.all(serves.map((s, i) => labelOverHttp(s, `serve-${i}`, 8, () => cliDone))), imports]);
    } finally {
      await Promise.all(serves.map((s) => s.stop()));
    }
    expect(answers.flat().filter((message) => message !== null)).toEqual([]);
    expect(answers[0]!.length).toBeGreaterThanOrEqual(150);
    expect(answers[1]!.length).toBeGreaterThanOrEqual(150);
    expect(cli).toEqual([
      { code: 0, stderr: '' },
      { code: 0, stderr: '' },
    ]);

    const history = JSON.parse(
      execFileSync(process.execPath, [rwbBin, 'labels', 'history', '--schema', 'quality_audit', '--db', dbPath, '--json'], { encoding: 'utf8' }),
    ) as ResponseOf<'labels.history'>;
    // Every label acknowledged is stored, once.
    const perAnnotator = Object.fromEntries(['serve-0', 'serve-1', 'cli-1', 'cli-2'].map((a) => [a, history.labels.filter((l) => l.annotator === a).length]));
    expect(perAnnotator).toEqual({ 'serve-0': answers[0]!.length, 'serve-1': answers[1]!.length, 'cli-1': 150, 'cli-2': 150 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
