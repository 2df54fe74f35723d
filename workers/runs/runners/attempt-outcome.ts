/**
 * From what a backend saw to an attempt record, the same way for every backend: the status
 * (docs/domain.md), the score by the case's rule (docs/bundle-v1.md) and validity.
 */
import { readFileSync } from 'node:fs';
import type { AttemptStatus, ScoreRule } from '../../../common/runs/run-types';
import { stripAnsi } from '../../failures/ansi';
import { insideFolder } from './case-files';
import type { RawOutcome } from './runner';

export interface ScoreResult {
  score: number | null;
  /** Why no score could be read (kept with the attempt's error when it matters). */
  problem: string | null;
}

/** The visible text of a terminal log: escape sequences removed, CR LF and lone CR as line ends. */
export function visibleText(log: string): string {
  return stripAnsi(log).replace(/\r\n?/g, '\n');
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** The field of a JSON document by a dotted path (`metrics.val_acc`), or a key containing dots as is. */
function field(doc: unknown, path: string): unknown {
  if (doc !== null && typeof doc === 'object' && path in (doc as Record<string, unknown>)) return (doc as Record<string, unknown>)[path];
  let value: unknown = doc;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Reads the score: `json` from the file the program wrote in its folder, `stdout` as the
 * first group of the last match of the regex over the visible terminal output (the whole
 * match when the regex has no group), `command` from the grader's output (its last line
 * that is a number).
 */
export function readScore(rule: ScoreRule, workDir: string | null, log: string, graderOutput: string | null): ScoreResult {
  switch (rule.from) {
    case 'json': {
      if (workDir === null) return { score: null, problem: 'no working folder to read the score file from' };
      let text: string;
      try {
        text = readFileSync(insideFolder(workDir, rule.path, 'score file'), 'utf8');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        return {
          score: null,
          problem: code === 'ENOENT' ? `the program wrote no ${rule.path}` : `${rule.path} cannot be read (${code ?? (err as Error).message})`,
        };
      }
      let doc: unknown;
      try {
        doc = JSON.parse(text);
      } catch {
        return { score: null, problem: `${rule.path} is not valid JSON` };
      }
      const score = toNumber(field(doc, rule.field));
      return score === null ? { score, problem: `${rule.path} has no number at "${rule.field}"` } : { score, problem: null };
    }
    case 'stdout': {
      const regex = new RegExp(rule.regex, 'g');
      let last: RegExpExecArray | null = null;
      for (const m of visibleText(log).matchAll(regex)) last = m;
      if (last === null) return { score: null, problem: `no match of /${rule.regex}/ in the output` };
      const score = toNumber(last[1] ?? last[0]);
      return score === null ? { score, problem: `the last match of /${rule.regex}/ is not a number` } : { score, problem: null };
    }
    case 'command': {
      if (graderOutput === null) return { score: null, problem: 'the grader did not run' };
      const lines = visibleText(graderOutput)
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '');
      for (let i = lines.length - 1; i >= 0; i--) {
        const score = toNumber(lines[i]);
        if (score !== null) return { score, problem: null };
      }
      return { score: null, problem: 'the grader printed no number' };
    }
  }
}

export interface AttemptResult {
  status: Exclude<AttemptStatus, 'queued' | 'running'>;
  exitCode: number | null;
  wallS: number | null;
  score: number | null;
  /** True only for a succeeded attempt with a finite score; null when the attempt has no outcome to judge. */
  valid: boolean | null;
  error: string | null;
}

/**
 * The record of a finished attempt. Exit 0 is `succeeded`, any other exit `failed`; the cap
 * is `timeout`; a cancelled or cleanly stopped attempt `interrupted`; a lost one `unknown`.
 * A score is read for every attempt that ran to an end (a failed program may still have
 * written one); only a succeeded attempt with a score is valid.
 */
export function attemptResult(raw: RawOutcome, rule: ScoreRule, workDir: string | null, log: string): AttemptResult {
  const base = { exitCode: raw.exitCode, wallS: raw.wallS };
  if (raw.end === 'interrupted' || raw.end === 'unknown') {
    return { ...base, status: raw.end, score: null, valid: null, error: raw.error };
  }
  const status = raw.end === 'timeout' ? 'timeout' : raw.exitCode === 0 ? 'succeeded' : 'failed';
  const { score, problem } = readScore(rule, workDir, log, raw.graderOutput);
  const valid = status === 'succeeded' && score !== null;
  const error = raw.error ?? (status === 'succeeded' && problem ? `no valid score: ${problem}` : null);
  return { ...base, status, score, valid, error };
}
