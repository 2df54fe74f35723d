/**
 * The shapes of issue 33 that serve must answer with a value or a typed error while staying
 * healthy: long arrays at the 8 MiB body scale, catastrophic patterns, odd names, and imports
 * cancelled under load beside an export and reads. The fuzz test and the `serve-health`
 * benchmark both send them, the one judging the answers, the other timing a health probe.
 */
import { isApiErrorData } from '../../common/errors';
import type { ApiAnswer, HealthProbe, PostApi } from './health-probe';

/** How a caller reaches serve: the API and the upload endpoint. */
export interface ServeApi {
  post: PostApi;
  upload(name: string, body: string, folder?: string): Promise<ApiAnswer>;
}

export type Verdict = { ok: true } | { ok: false; why: string };

/** A value with HTTP 200, or a typed error that is not the code's fault (never `internal` or `unavailable`). */
export function judge(status: number, json: unknown): Verdict {
  if (typeof json !== 'object' || json === null) return { ok: false, why: `HTTP ${status} without a JSON result` };
  const body = json as { ok?: unknown; value?: unknown; error?: unknown };
  if (body.ok === true) return status === 200 && 'value' in body ? { ok: true } : { ok: false, why: `HTTP ${status} with ok: true` };
  if (body.ok !== false || !isApiErrorData(body.error)) return { ok: false, why: `HTTP ${status}: not a typed error` };
  if (body.error.code === 'internal' || body.error.code === 'unavailable' || (status >= 500 && body.error.code !== 'busy')) {
    return { ok: false, why: `HTTP ${status} ${body.error.code}: ${body.error.message.slice(0, 300)}` };
  }
  return { ok: true };
}

interface HostileRequest {
  op: string;
  body: string;
  expect: 'value' | 'invalid_request' | 'typed';
}

/** The probe's phase while serve receives a body of megabytes (and parses it on its body-check thread). */
export const megabyteBodies = 'a body of megabytes';

/** Bodies longer than this are timed as `megabyteBodies`. */
const megabyte = 1_000_000;

/** The requests of the first three shapes; `category` is a code of the corpus's taxonomy. */
function hostileRequests(category: string): HostileRequest[] {
  const long = (n: number, item: string) => `[${new Array<string>(n).fill(item).join(',')}]`;
  const rule = (pattern: string) => JSON.stringify({ rules: [{ category, field: 'message', pattern }] });
  return [
    // Long arrays and records, each at the 8 MiB body limit's scale.
    { op: 'import.files', body: `{"paths":${long(2_000_000, '1')}}`, expect: 'invalid_request' },
    { op: 'labels.import', body: `{"paths":${long(1_000_000, '"x"')}}`, expect: 'invalid_request' },
    { op: 'rules.save', body: `{"rules":${long(500_000, '{}')}}`, expect: 'invalid_request' },
    { op: 'experiments.create', body: `{"name":"n","arms":["a"],"repeats":1,"cases":${long(500_000, '"c"')}}`, expect: 'invalid_request' },
    {
      op: 'retrieval.run',
      body: `{"library":"l","rollout":"r","protect":{${Array.from({ length: 300_000 }, (_, i) => `"c${i}":-1`).join(',')}}}`,
      expect: 'invalid_request',
    },
    {
      op: 'labels.add',
      body: `{"annotator":"ann","schema":"category","target":{"kind":"rubric","id":"r"},"value":${long(1_000_000, '0')}}`,
      expect: 'invalid_request',
    },
    // Catastrophic patterns: linear time, or refused.
    ...['^(a|a)+$', '(a+)+$', '(x+x+)+y', '^(([a-z])+.)+[A-Z]([a-z])+$'].map((pattern) => ({
      op: 'rules.save',
      body: rule(pattern),
      expect: 'value' as const,
    })),
    ...['(a)\\1+$', '(?=a+)+b', '(?<!a)b'].map((pattern) => ({ op: 'rules.save', body: rule(pattern), expect: 'invalid_request' as const })),
    // Odd names.
    ...['a\nb', 'a\rb', 'a\u2028b', 'a\u0000b', '.', '..', '/', 'x/../../y'].flatMap((out) =>
      ['export.bundle', 'labels.export'].map((op) => ({ op, body: JSON.stringify({ out }), expect: 'typed' as const })),
    ),
  ];
}

/** A bundle of `rollouts` rollouts of 20 steps each, big enough that importing it takes a while. */
export function bigBundle(rollouts: number): string {
  const lines = [
    { type: 'benchmark', id: 'fuzz-bench', discipline: 'ml', role: 'mining' },
    { type: 'task', id: 'fuzz-task', benchmark: 'fuzz-bench', statement: 's', metric: 'accuracy', higherIsBetter: true },
    { type: 'collection', id: 'fuzz-pool', name: 'Fuzz pool', createdAt: '2026-12-01' },
  ].map((r) => JSON.stringify(r));
  for (let r = 0; r < rollouts; r++) {
    lines.push(JSON.stringify({ type: 'rollout', id: `fuzz-${r}`, task: 'fuzz-task', collection: 'fuzz-pool', agent: 'a', seed: r, grade: 'wrong', score: 0 }));
    for (let i = 0; i < 20; i++)
      lines.push(
        JSON.stringify({
          type: 'step',
          rollout: `fuzz-${r}`,
          index: i,
          command: `python run.py ${i}`,
          stdout: `out ${r} ${i} `.repeat(20),
          exitCode: 0,
          durationMs: 1,
        }),
      );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * When each round of an import beside an export and reads cancels it: at once, while it reads
 * the file's start, and (the last) once it writes records, which takes over a second to reach.
 */
const cancelAfterMs = [0, 200, 400, 1_500];
/** Rollouts of the bundle the cancelled imports read. */
const cancelledBundleRollouts = 3_000;

/**
 * Sends every shape, naming each in `probe.phase`, and returns what was answered wrongly
 * (empty when every answer was as expected). The bodies are built before they are timed, so
 * the probe times the server, not the caller building them.
 */
export async function sendHostileShapes(api: ServeApi, probe: HealthProbe): Promise<string[]> {
  const taxonomy = await api.post('taxonomy.get', '{}');
  const category = (taxonomy.json as { value: { categories: { code: string }[] } }).value.categories[0]!.code;
  const requests = hostileRequests(category);
  const big = bigBundle(cancelledBundleRollouts);
  const failures: string[] = [];
  const check = (what: string, answer: ApiAnswer) => {
    const verdict = judge(answer.status, answer.json);
    if (!verdict.ok) failures.push(`${what}: ${verdict.why}`);
    return verdict.ok;
  };
  for (const { op, body, expect } of requests) {
    probe.phase = body.length > megabyte ? megabyteBodies : op;
    const started = performance.now();
    const answer = await api.post(op, body);
    const ms = performance.now() - started;
    const what = `${op} ${body.slice(0, 80)}`;
    const code = (answer.json as { error?: { code?: string } }).error?.code;
    const shown = JSON.stringify(answer.json);
    if (!check(what, answer)) continue;
    if (expect === 'value' && answer.status !== 200) failures.push(`${what}: ${shown.slice(0, 300)}`);
    else if (expect === 'invalid_request' && code !== 'invalid_request') failures.push(`${what}: ${shown.slice(0, 300)}`);
    if (shown.length > 4_000) failures.push(`${what}: an answer of ${shown.length} characters`);
    if (ms > 10_000) failures.push(`${what}: answered in ${(ms / 1000).toFixed(1)} s`);
  }

  probe.phase = 'uploads';
  const folder = '0123456789abcdef0123';
  const first = await api.upload('f', 'x', folder);
  if (first.status !== 200) failures.push(`upload "f": ${JSON.stringify(first.json).slice(0, 300)}`);
  for (const [name, inFolder] of [
    ['f/g', folder],
    ['.', undefined],
    ['..', undefined],
    ['a/.', undefined],
  ] as const) {
    const answer = await api.upload(name, 'x', inFolder);
    if (check(`upload ${JSON.stringify(name)}`, answer) && answer.status !== 400)
      failures.push(`upload ${JSON.stringify(name)}: HTTP ${answer.status}, not 400`);
  }

  const uploaded = await api.upload('big.jsonl', big);
  if (!check('upload big.jsonl', uploaded)) return failures;
  const path = (uploaded.json as { value: { path: string } }).value.path;
  for (const [round, delay] of cancelAfterMs.entries()) {
    probe.phase = `cancel round ${round}`;
    const jobId = `hostile-import-${round}`;
    const importing = api.post('import.files', JSON.stringify({ paths: [path], jobId }));
    const exporting = api.post('export.bundle', JSON.stringify({ out: `hostile-${round}.jsonl` }));
    await new Promise((resolve) => setTimeout(resolve, delay));
    const cancel = await api.post('jobs.cancel', JSON.stringify({ jobId }));
    const reads = await Promise.all(['corpus.stats', 'corpus.facets', 'rollouts.list'].map((op) => api.post(op, '{}')));
    check(`round ${round} jobs.cancel`, cancel);
    check(`round ${round} import.files`, await importing);
    check(`round ${round} export.bundle`, await exporting);
    reads.forEach((read, i) => check(`round ${round} read ${i}`, read));
  }
  return failures;
}
