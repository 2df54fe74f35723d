import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openCorpus, type Db } from '../db/open-corpus';
import { getProgram, listFailures, listSteps } from '../corpus/rollout-queries';
import { useTempDir } from '../test-support/temp-dir';
import { importFile } from './import-file';
import { chooseImporter } from './registry';
import { tableCounts } from '../test-support/table-counts';
import { writeVariant } from '../test-support/write-bundle';
import { oneRow } from '../db/one-row';

const fixture = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/real/aide/translucent-spaniel-of-promotion.journal.json');
const fileName = 'translucent-spaniel-of-promotion.journal.json';
const taskId = 'aide:translucent-spaniel-of-promotion';
const tempDir = useTempDir();

interface RawNode {
  id: string;
  _term_out: string[];
  exc_type: string | null;
  exc_stack: [string, number, string, string][] | null;
  metric: { value: number | null };
  is_buggy: boolean;
  [key: string]: unknown;
}
interface RawJournal {
  nodes: RawNode[];
  node2parent: Record<string, string>;
}

const rawText = readFileSync(fixture, 'utf8');
const raw = (): RawJournal => JSON.parse(rawText) as RawJournal;

function variant(dir: string, text: string, name = fileName): string {
  return writeVariant(dir, text, name);
}

const buggySteps = [2, 3, 4, 5, 9, 12, 15, 16];

/** The id of the corpus's one rollout: the journal's name and its content's hash. */
function onlyRollout(db: Db): string {
  const ids = db.prepare<unknown[], string>('SELECT id FROM rollouts').pluck().all();
  expect(ids).toHaveLength(1);
  return ids[0]!;
}

describe('AIDE journal import (real file)', () => {
  it('imports one rollout with a step and a program version per node, and a failure per buggy node', async () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    const result = await importFile(db, fixture);
    expect(result).toMatchObject({ format: 'aide', rollouts: 1, steps: 20, programs: 20, failures: 8, duplicates: 0 });

    const rolloutId = onlyRollout(db);
    expect(rolloutId).toMatch(/^aide:translucent-spaniel-of-promotion@[0-9a-f]{12}$/);
    const failures = listFailures(db, rolloutId);
    expect(failures.map((f) => f.step)).toEqual(buggySteps);
    const byClass = Object.fromEntries(['TypeError', 'ModuleNotFoundError'].map((c) => [c, failures.filter((f) => f.exceptionClass === c).length]));
    expect(byClass).toEqual({ TypeError: 7, ModuleNotFoundError: 1 });
    expect(failures.find((f) => f.step === 3)).toMatchObject({
      kind: 'missing_package',
      exceptionClass: 'ModuleNotFoundError',
      message: "No module named 'catboost'",
      program: { path: 'runfile.py', version: 3 },
      programLine: 6,
    });
    expect(failures.find((f) => f.step === 2)).toMatchObject({
      kind: 'crash',
      message: "XGBModel.fit() got an unexpected keyword argument 'eval_metric'",
      program: { path: 'runfile.py', version: 2 },
      programLine: 53,
    });
    // Every failure's class is the node's own exc_type.
    const journal = raw();
    for (const f of failures) expect(f.exceptionClass).toBe(journal.nodes[f.step!]!.exc_type);
    db.close();
  });

  it('keeps the tree, the scores and the node review', async () => {
    const db = openCorpus(join(tempDir(), 'corpus.db'));
    await importFile(db, fixture);
    const journal = raw();
    const indexOf = new Map(journal.nodes.map((n, i) => [n.id, i]));
    const rolloutId = onlyRollout(db);
    const steps = listSteps(db, rolloutId);
    expect(steps).toHaveLength(20);
    expect(steps.map((s) => s.parent)).toEqual(journal.nodes.map((n) => indexOf.get(journal.node2parent[n.id] ?? '') ?? null));
    expect(steps.filter((s) => s.parent !== null)).toHaveLength(15);
    expect(steps.map((s) => s.score)).toEqual(journal.nodes.map((n) => (n.is_buggy ? null : n.metric.value)));
    expect(steps[0]).toMatchObject({ command: 'python runfile.py', exitCode: 0, score: 0.13718, durationMs: 976, program: { path: 'runfile.py', version: 0 } });
    expect(steps.filter((s) => s.exitCode === 1).map((s) => s.index)).toEqual(buggySteps);

    const extra = JSON.parse(
      oneRow(db.prepare<unknown[], string>('SELECT extra FROM steps WHERE rollout_id = ? AND idx = 2').pluck().get(rolloutId)),
    ) as Record<string, unknown>;
    expect(extra).toMatchObject({
      id: 'e0edf19362b0437a8fb5e19e2ec7437a',
      step: 2,
      is_buggy: true,
      exc_type: 'TypeError',
      metric: { value: null, maximize: null },
    });
    expect(extra.exc_stack).toEqual(journal.nodes[2]!.exc_stack);
    expect(extra.plan).toMatch(/^We will impute missing numeric features/);
    expect(extra.analysis).toMatch(/^The code execution failed due to a TypeError/);
    expect(Object.keys(extra)).not.toContain('code');

    const stdout = db.prepare('SELECT body FROM texts WHERE hash = (SELECT stdout_hash FROM steps WHERE rollout_id = ? AND idx = 1)').pluck().get(rolloutId);
    expect(stdout).toBe('CV RMSE (log scale): 0.14813\nExecution time: a moment seconds (time limit is an hour).');
    expect(db.prepare('SELECT id, discipline, role FROM benchmarks').all()).toEqual([{ id: 'aide', discipline: 'ml', role: 'mining' }]);
    expect(db.prepare('SELECT id, benchmark_id AS benchmark, higher_is_better AS hib FROM tasks').all()).toEqual([{ id: taskId, benchmark: 'aide', hib: 0 }]);
    expect(db.prepare('SELECT id, task_id AS task, collection_id AS collection, source_format AS format, extra FROM rollouts').all()).toEqual([
      { id: rolloutId, task: taskId, collection: 'aide-import', format: 'aide', extra: '{"__version":"2"}' },
    ]);
    db.close();
  });

  it('is idempotent, and a compact copy of the same journal is the same records', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    await importFile(db, fixture);
    const before = tableCounts(db);
    // benchmark, task, collection, rollout, then 20 programs and 20 steps
    expect(await importFile(db, fixture)).toMatchObject({ rollouts: 0, steps: 0, programs: 0, failures: 0, duplicates: 44 });
    const compact = variant(dir, JSON.stringify(raw()));
    expect(await importFile(db, compact)).toMatchObject({ format: 'aide', steps: 0, duplicates: 44 });
    expect({ ...tableCounts(db), imports: 0 }).toEqual({ ...before, imports: 0 });
    db.close();
  });

  it('imports a compact copy into a fresh corpus with the same counts', async () => {
    const dir = tempDir();
    const db = openCorpus(join(dir, 'corpus.db'));
    const compact = variant(dir, JSON.stringify(raw()), 'compact.json');
    expect(await importFile(db, compact, { format: 'aide' })).toMatchObject({ format: 'aide', rollouts: 1, steps: 20, programs: 20, failures: 8 });
    expect(listSteps(db, onlyRollout(db))).toHaveLength(20);
    expect(onlyRollout(db)).toMatch(/^aide:compact@/);
    db.close();
  });

  it('is picked by auto-detection, though node2parent lies beyond the head it reads', async () => {
    expect(rawText.indexOf('"node2parent"')).toBeGreaterThan(64 * 1024);
    expect((await chooseImporter(fixture, fileName, 'auto')).format).toBe('aide');
    const compact = variant(tempDir(), JSON.stringify(raw()));
    expect((await chooseImporter(compact, fileName, 'auto')).format).toBe('aide');
  });
});

describe('AIDE journal import (variants built from the real file)', () => {
  it('writes a CPython traceback from exc_stack when the output has none, so the failures are the same', async () => {
    const dir = tempDir();
    const journal = raw();
    for (const node of journal.nodes) if (node.exc_type) node._term_out = node._term_out.filter((chunk) => !chunk.includes('Traceback'));
    const db = openCorpus(join(dir, 'corpus.db'));
    expect(await importFile(db, variant(dir, JSON.stringify(journal)))).toMatchObject({ steps: 20, failures: 8 });
    const failures = listFailures(db, onlyRollout(db));
    expect(failures.map((f) => [f.step, f.kind, f.exceptionClass])).toEqual(
      buggySteps.map((step) => [step, step === 3 ? 'missing_package' : 'crash', journal.nodes[step]!.exc_type]),
    );
    expect(failures.find((f) => f.step === 2)).toMatchObject({
      message: "XGBModel.fit() got an unexpected keyword argument 'eval_metric'",
      programLine: 53,
      traceback: [
        'Traceback (most recent call last):',
        '  File "runfile.py", line 53, in <module>',
        '    model.fit(',
        '  File "/home/elias/PycharmProjects/aideml/.venv/lib/python3.13/site-packages/xgboost/core.py", line 729, in inner_f',
        '    return func(**kwargs)',
        "TypeError: XGBModel.fit() got an unexpected keyword argument 'eval_metric'",
      ].join('\n'),
    });
    db.close();
  });

  it('marks a node AIDE stopped at its time limit as timed out', async () => {
    const dir = tempDir();
    const journal = raw();
    Object.assign(journal.nodes[0]!, {
      _term_out: ['[LightGBM] [Info] Total Bins 3126', '\n', 'TimeoutError: Execution exceeded the time limit of an hour'],
      exc_type: 'TimeoutError',
      exc_info: {},
      exc_stack: [],
      is_buggy: true,
      metric: { value: null, maximize: null },
    });
    const db = openCorpus(join(dir, 'corpus.db'));
    await importFile(db, variant(dir, JSON.stringify(journal)));
    expect(listFailures(db, onlyRollout(db))[0]).toMatchObject({ step: 0, kind: 'timeout' });
    expect(listSteps(db, onlyRollout(db))[0]).toMatchObject({ timedOut: true, score: null });
    db.close();
  });

  it("reads the program of a node that names its code_file from the journal's folder, relative or by the name an absolute path ends in", async () => {
    const dir = tempDir();
    const journal = raw();
    const codes = journal.nodes.map((n) => n.code as string);
    const path = variant(dir, '', fileName);
    const folder = dirname(path);
    mkdirSync(join(folder, 'code'));
    journal.nodes.forEach((node, i) => {
      delete node.code;
      // Half the nodes name a file below the journal, the rest the absolute path of the machine the run was on.
      node.code_file = i % 2 === 0 ? `code/node_${i}.py` : `/home/someone/runs/lnp/node_${i}.py`;
      writeFileSync(join(folder, i % 2 === 0 ? 'code' : '', `node_${i}.py`), codes[i]!);
    });
    writeFileSync(path, JSON.stringify(journal));
    const db = openCorpus(join(dir, 'corpus.db'));
    expect(await importFile(db, path)).toMatchObject({ steps: 20, programs: 20, failures: 8 });
    const rollout = onlyRollout(db);
    for (const i of [0, 1, 2, 19]) expect(getProgram(db, rollout, 'runfile.py', i).content).toBe(codes[i]);
    // The failures point at lines of the real program text.
    expect(listFailures(db, rollout).find((f) => f.step === 2)).toMatchObject({ programLine: 53 });
    db.close();
  });

  it("refuses a code_file that is missing or outside the journal's folder, naming the node, and writes nothing", async () => {
    const dir = tempDir();
    const outside = join(dir, 'secret.py');
    writeFileSync(outside, 'TOKEN = "x"\n');
    for (const [codeFile, message] of [
      ['code/missing.py', /:1 field "nodes\.4\.code_file": names code\/missing\.py, which is not in the journal's folder/],
      ['../secret.py', /:1 field "nodes\.4\.code_file": names \.\.\/secret\.py, which is outside the journal's folder/],
      ['linked.py', /:1 field "nodes\.4\.code_file": names linked\.py, which is outside the journal's folder/],
      // Whether a file outside the folder exists is not said.
      [
        '../absent.py',
        /:1 field "nodes\.4\.code_file": names \.\.\/absent\.py, which is outside the journal's folder; only files beside the journal are read$/,
      ],
      ['/etc/../../secret.py', /:1 field "nodes\.4\.code_file": names \/etc\/\.\.\/\.\.\/secret\.py, which is not in the journal's folder/],
    ] as const) {
      const journal = raw();
      delete journal.nodes[4]!.code;
      journal.nodes[4]!.code_file = codeFile;
      const path = variant(dir, JSON.stringify(journal), fileName);
      symlinkSync(outside, join(dirname(path), 'linked.py'));
      const db = openCorpus(join(dir, `corpus-${codeFile.length}.db`));
      await expect(importFile(db, path)).rejects.toThrow(message);
      expect(tableCounts(db)).toMatchObject({ rollouts: 0, steps: 0 });
      db.close();
    }
  });

  const refusals: [string, (text: string) => string, RegExp][] = [
    ['truncated', (text) => text.slice(0, Math.floor(text.length / 2)), /^translucent-spaniel-of-promotion\.journal\.json:\d+: not valid JSON/],
    [
      'a node whose code is not text',
      (text) => {
        const journal = JSON.parse(text) as RawJournal;
        journal.nodes[3]!.code = 5;
        return JSON.stringify(journal, null, 2);
      },
      // JSON.stringify(…, 2) puts each node's opening brace alone on a line indented by four spaces.
      new RegExp(`:${nodeStartLine(3)} field "nodes\\.3\\.code": `),
    ],
    [
      'a tree link to a node that is not in the journal',
      (text) => {
        const journal = JSON.parse(text) as RawJournal;
        journal.node2parent['no-such-node'] = journal.nodes[0]!.id;
        return JSON.stringify(journal);
      },
      /:1 field "node2parent\.no-such-node": refers to node "no-such-node", which is not in nodes/,
    ],
    [
      'a cycle in node2parent (A to B to A)',
      (text) => {
        const journal = JSON.parse(text) as RawJournal;
        const [a, b] = [journal.nodes[0]!.id, journal.nodes[1]!.id];
        journal.node2parent[a] = b;
        journal.node2parent[b] = a;
        return JSON.stringify(journal, null, 1);
      },
      /field "node2parent\.[0-9a-f]+": node "[0-9a-f]+" is its own ancestor \(a cycle in node2parent\)/,
    ],
    [
      'a node that is its own parent',
      (text) => {
        const journal = JSON.parse(text) as RawJournal;
        journal.node2parent[journal.nodes[4]!.id] = journal.nodes[4]!.id;
        return JSON.stringify(journal, null, 1);
      },
      new RegExp(`:${linkLine(4)} field "node2parent\\.${raw().nodes[4]!.id}": node "${raw().nodes[4]!.id}" is its own parent`),
    ],
  ];

  for (const [name, corrupt, message] of refusals) {
    it(`refuses a journal that is ${name}, naming the file, and writes nothing`, async () => {
      const dir = tempDir();
      const db = openCorpus(join(dir, 'corpus.db'));
      await importFile(db, variant(dir, JSON.stringify({ nodes: [], node2parent: {} }), 'other.journal.json'));
      const before = tableCounts(db);
      await expect(importFile(db, variant(dir, corrupt(rawText)))).rejects.toThrow(message);
      expect(tableCounts(db)).toEqual(before);
      expect(db.inTransaction).toBe(false);
      db.close();
    });
  }
});

/** The line of node `index`'s entry in node2parent, as JSON.stringify(…, 1) writes the journal with that node its own parent. */
function linkLine(index: number): number {
  const journal = raw();
  const id = journal.nodes[index]!.id;
  journal.node2parent[id] = id;
  const lines = JSON.stringify(journal, null, 1).split('\n');
  const section = lines.findIndex((l) => l.includes('"node2parent"'));
  return lines.findIndex((l, i) => i > section && l.includes(`"${id}":`)) + 1;
}

function nodeStartLine(index: number): number {
  const lines = JSON.stringify(raw(), null, 2).split('\n');
  return lines.map((l, i) => [l, i + 1] as const).filter(([l]) => l === '    {')[index]![1];
}
