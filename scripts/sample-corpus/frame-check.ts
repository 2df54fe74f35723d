/**
 * Checks that traceback frames in a step's stderr point into the program version the
 * step ran: for every `File ".../X.py", line N` whose basename is the step's program,
 * line N must exist in that version and equal the source line printed under the frame.
 * Used by the tests of both the sample corpus and the synthetic generator.
 */
import type { BundleRecord } from '../../common/corpus/bundle';

/** A frame that does not match its program version. */
export interface FrameMismatch {
  rollout: string;
  step: number;
  frame: string;
  problem: string;
}

const framePattern = /File "([^"]+)", line (\d+)/;

/** Returns the frames that point outside (or at the wrong line of) their program version, and how many were checked. */
export function checkFrames(records: BundleRecord[]): { checked: number; mismatches: FrameMismatch[] } {
  const programs = new Map<string, string>();
  for (const r of records) if (r.type === 'program') programs.set(`${r.rollout}\u0000${r.path}\u0000${r.version}`, r.content);
  const mismatches: FrameMismatch[] = [];
  let checked = 0;
  for (const r of records) {
    if (r.type !== 'step' || !r.program) continue;
    const content = programs.get(`${r.rollout}\u0000${r.program.path}\u0000${r.program.version}`);
    const base = r.program.path.split('/').pop();
    const err = r.stderr.split('\n');
    err.forEach((text, i) => {
      const m = framePattern.exec(text);
      if (!m || m[1]?.split('/').pop() !== base) return;
      checked++;
      const n = Number(m[2]);
      const fail = (problem: string) => mismatches.push({ rollout: r.rollout, step: r.index, frame: text.trim(), problem });
      if (content === undefined) return fail('program version not in the bundle');
      const lines = content.split('\n');
      if (n < 1 || n > lines.length) return fail(`line ${n} beyond the ${lines.length} lines of the program`);
      const shown = (err[i + 1] ?? '').trim();
      if (shown !== (lines[n - 1] ?? '').trim()) fail(`source shown "${shown}" differs from line ${n} "${(lines[n - 1] ?? '').trim()}"`);
    });
  }
  return { checked, mismatches };
}

/** Exception classes named at the start of a line of any step's stderr (e.g. `KeyError`, `torch.OutOfMemoryError`). */
export function exceptionClasses(records: BundleRecord[]): Set<string> {
  const classes = new Set<string>();
  for (const r of records) {
    if (r.type !== 'step') continue;
    for (const m of r.stderr.matchAll(/^([A-Za-z_][\w.]*(?:Error|Exception)):/gm)) if (m[1]) classes.add(m[1]);
  }
  return classes;
}
