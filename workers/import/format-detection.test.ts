/**
 * Format detection reads a file's structure, not its first bytes (issue 26): every
 * importer's fixtures, with their top-level keys in other orders, pretty-printed or
 * compact, their first value padded past 1 MiB, gzipped, are recognised as the same
 * format and give the same records.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { miniBundle, writeBundle, writeVariant } from '../test-support/write-bundle';
import { canonicalJson } from '../util/canonical-json';
import { claim } from './importer';
import { inspectImporter } from './inspect-importer';
import { member } from './shape-queries';
import { probeFile, type FileProbe } from './probe-file';
import { chooseImporter } from './registry';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const tempDir = useTempDir();

type Json = Record<string, unknown>;
type Layout = 'document' | 'lines';

/** Every JSON fixture of each importer, and how its text is laid out. */
const cases: { file: string; format: string; layout: Layout }[] = [
  { file: 'agents/a2-aisv2-lnp-stage4.journal.json', format: 'aide', layout: 'document' },
  { file: 'agents/s3-django__django-15127.traj', format: 'swe-agent', layout: 'document' },
  { file: 'agents/s5-ctf-rock.traj', format: 'swe-agent', layout: 'document' },
  { file: 'agents/s6-function_calling_simple.traj', format: 'swe-agent', layout: 'document' },
  { file: 'agents/u1-openhands-multi-swe-bench-output.jsonl', format: 'openhands', layout: 'lines' },
  { file: 'agents/o1-openhands-swe-bench-long-line.jsonl', format: 'openhands', layout: 'lines' },
  { file: 'agents/u3-inspect-log_tool_call_error.json', format: 'inspect', layout: 'document' },
  { file: 'agents/u6-mini-github_issue.traj.json', format: 'mini-swe-agent', layout: 'document' },
  { file: 'agents/m1-mini-swe-agent-1x.traj.json', format: 'mini-swe-agent', layout: 'document' },
  { file: 'sample/sample-corpus.jsonl', format: 'bundle', layout: 'lines' },
];

/** The top-level keys of an object in another order; an array's records each so reordered. */
function permuted(value: unknown, order: (keys: string[]) => string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => permuted(v, order));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(order(Object.keys(value)).map((k) => [k, (value as Json)[k]]));
}

const orders: Record<string, (keys: string[]) => string[]> = {
  reversed: (keys) => [...keys].reverse(),
  rotated: (keys) => [...keys.slice(1), ...keys.slice(0, 1)],
  sorted: (keys) => [...keys].sort(),
};

/** More than 1 MiB of white space, which changes no value. */
const padding = ' '.repeat(1024 * 1024 + 17);

/** `value` as JSON whose first value (the first key's, or the first item) starts with `padding`. */
function padded(value: unknown): string {
  const inner = (v: unknown) => {
    const text = JSON.stringify(v);
    return /^[[{]/.test(text) ? `${text[0]}${padding}${text.slice(1)}` : `${padding}${text}`;
  };
  if (Array.isArray(value)) return `[${value.map((v, i) => (i === 0 ? inner(v) : JSON.stringify(v))).join(',')}]`;
  const entries = Object.entries(value as Json);
  return `{${entries.map(([k, v], i) => `${JSON.stringify(k)}:${i === 0 ? inner(v) : JSON.stringify(v)}`).join(',')}}`;
}

/** The texts a fixture is tried as: every key order, compact and pretty, padded, and the padded one gzipped. */
function variants(text: string, layout: Layout): { name: string; bytes: Buffer | string }[] {
  const values =
    layout === 'lines'
      ? text
          .split('\n')
          .filter((l) => l.trim() !== '')
          .map((l) => JSON.parse(l) as unknown)
      : [JSON.parse(text) as unknown];
  const write = (vs: unknown[], one: (v: unknown) => string) => (layout === 'lines' ? vs.map(one).join('\n') + '\n' : one(vs[0]));
  const out: { name: string; bytes: Buffer | string }[] = [];
  for (const [name, order] of Object.entries(orders)) {
    const vs = values.map((v) => permuted(v, order));
    out.push({ name: `${name}, compact`, bytes: write(vs, (v) => JSON.stringify(v)) });
    if (layout === 'document') out.push({ name: `${name}, pretty`, bytes: write(vs, (v) => JSON.stringify(v, null, 2)) });
    out.push({ name: `${name}, first value padded past 1 MiB`, bytes: write(vs, (v) => (v === vs[0] ? padded(v) : JSON.stringify(v))) });
  }
  const last = out[out.length - 1]!;
  out.push({ name: `${last.name}, gzipped`, bytes: gzipSync(last.bytes) });
  return out;
}

/** The format chosen for a file and its records, canonical (key order aside) and in order. */
async function read(path: string, label: string): Promise<{ format: string; records: string[] }> {
  const importer = await chooseImporter(path, label, 'auto');
  const records: string[] = [];
  for await (const item of importer.records(path, label)) records.push(canonicalJson('record' in item ? item.record : item.prepared));
  return { format: importer.format, records };
}

describe('format detection by structure', () => {
  for (const { file, format, layout } of cases) {
    it(`${file}: the same format and records in any key order, layout and padding`, async () => {
      const name = file.split('/').pop()!;
      const original = await read(join(fixtures, file), name);
      expect(original.format).toBe(format);
      expect(original.records.length).toBeGreaterThan(3);
      const dir = tempDir();
      for (const variant of variants(readFileSync(join(fixtures, file), 'utf8'), layout)) {
        const gz = Buffer.isBuffer(variant.bytes);
        const path = writeVariant(dir, variant.bytes as string, gz ? `${name}.gz` : name);
        const again = await read(path, name);
        expect({ variant: variant.name, format: again.format }).toEqual({ variant: variant.name, format });
        expect(again.records).toEqual(original.records);
      }
    });
  }

  it('recognises an Inspect .eval archive by its entries', async () => {
    expect((await chooseImporter(join(fixtures, 'agents/u4-inspect-log_formats.eval'), 'log.eval', 'auto')).format).toBe('inspect');
  });

  it('gives a file two importers claim to the more specific one', async () => {
    const dir = tempDir();
    // A bundle record type and an OpenHands evaluation line: the harness's keys say more than a record type.
    const line = { type: 'rollout', instance_id: 'x__y-1', history: [{ id: 0, source: 'agent', action: 'run', args: { command: 'ls' } }] };
    expect((await chooseImporter(writeBundle(dir, 'both.jsonl', [line]), 'both.jsonl', 'auto')).format).toBe('openhands');
    // SWE-agent's keys beside mini-swe-agent's own format marker: the marker says more.
    const mini = {
      trajectory: [{ observation: '' }],
      info: {},
      messages: [{ role: 'system', content: 'hi' }],
      trajectory_format: 'mini-swe-agent-1',
    };
    const path = join(dir, 'both.traj.json');
    writeFileSync(path, JSON.stringify(mini));
    expect((await chooseImporter(path, 'both.traj.json', 'auto')).format).toBe('mini-swe-agent');
    // And a plain bundle is still a bundle.
    expect((await chooseImporter(writeBundle(dir, 'b.jsonl', miniBundle()), 'b.jsonl', 'auto')).format).toBe('bundle');
  });

  it('finds the marker that closes a 100 MB trajectory', async () => {
    const dir = tempDir();
    const doc = JSON.parse(readFileSync(join(fixtures, 'agents/m1-mini-swe-agent-1x.traj.json'), 'utf8')) as Json;
    const path = join(dir, 'big.traj.json');
    const big = ' '.repeat(100 * 1024 * 1024);
    writeFileSync(path, `{"info":${big}${JSON.stringify(doc.info)},"messages":${JSON.stringify(doc.messages)},"trajectory_format":"mini-swe-agent-1"}`);
    expect((await chooseImporter(path, 'big.traj.json', 'auto')).format).toBe('mini-swe-agent');
  });

  it('stops reading once a format marker is seen, since nothing after it can outrank it', async () => {
    const dir = tempDir();
    const path = join(dir, 'log.json');
    writeFileSync(path, `{"version": 2, "eval": {"task_id": "t", "run_id": "r"}, "samples": ["${'s'.repeat(8 * 1024 * 1024)}"], "stats": {}}`);
    const seen: FileProbe[] = [];
    const probe = await probeFile(path, 'log.json', undefined, (partial) => {
      seen.push(partial);
      return partial.value !== null && inspectImporter.recognise(partial) === claim.marker;
    });
    expect(seen).toHaveLength(1);
    expect(member(probe.value, 'stats')).toBeUndefined();
    expect((await chooseImporter(path, 'log.json', 'auto')).format).toBe('inspect');
  });

  it('describes a file no importer recognises by all its keys, wherever they stand, without quoting it', async () => {
    const dir = tempDir();
    const path = join(dir, 'secrets.json');
    writeFileSync(path, JSON.stringify({ notes: 'n'.repeat(2 * 1024 * 1024), user: 'alice', password: 'hunter2' }));
    const message = await chooseImporter(path, 'secrets.json', 'auto').then(
      () => '',
      (err: Error) => err.message,
    );
    expect(message).toMatch(/^secrets\.json: format not recognised: a JSON object with keys notes, user, password\. Tried /);
    expect(message).not.toContain('hunter2');
  });
});
