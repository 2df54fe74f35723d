/**
 * The CPU time a page's main thread spent until a user-timing mark, read from a Chromium trace.
 * Thread time, not wall time: on a shared machine the wall time of a first paint grows with
 * the other processes' load, while the work the page itself does stays about the same.
 */

/** The trace categories `pageCpu` needs: every main-thread task, the script and rendering work in them, the marks. */
export const pageCpuCategories = ['toplevel', 'devtools.timeline', 'v8.execute', 'blink.user_timing'];

/** Main-thread CPU ms until the mark, in total and by kind of work. */
export interface PageCpu {
  totalMs: number;
  /** Running the app's script: its modules' first evaluation, then callbacks and promise jobs (React's renders among them). */
  scriptMs: number;
  /** Style recalculation and layout. */
  layoutMs: number;
  /** Paint, and preparing the painted layers for the compositor. */
  paintMs: number;
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const taskNames = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);
const kinds: Record<Exclude<keyof PageCpu, 'totalMs'>, Set<string>> = {
  scriptMs: new Set(['v8.evaluateModule', 'EvaluateScript', 'FunctionCall', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame', 'EventDispatch']),
  layoutMs: new Set(['UpdateLayoutTree', 'Layout']),
  paintMs: new Set(['PrePaint', 'Paint', 'Layerize', 'Commit']),
};

/** Sums the thread time of the events, leaving out any that lies inside one already counted (tasks nest, and so do script calls). */
function outermostCpu(events: TraceEvent[], until: number): number {
  let total = 0;
  let coveredUntil = -Infinity;
  for (const e of events) {
    if (e.ts >= until || e.ts < coveredUntil) continue;
    total += e.tdur ?? 0;
    coveredUntil = e.ts + (e.dur ?? 0);
  }
  return total / 1000;
}

/**
 * Reads `trace` (the JSON Playwright's `browser.stopTracing` returns) and measures the main
 * thread of the renderer in which `mark` was set, from the trace's start to the mark.
 */
export function pageCpu(trace: Buffer, mark: string): PageCpu {
  const parsed = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = (Array.isArray(parsed) ? parsed : parsed.traceEvents).sort((a, b) => a.ts - b.ts);
  const marked = events.find((e) => e.name === mark);
  if (!marked) throw new Error(`the trace has no "${mark}" mark`);
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === marked.pid && e.args?.name === 'CrRendererMain');
  if (!main) throw new Error('the trace names no main thread for the marked page');
  const onMain = events.filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid);
  const of = (names: Set<string>) =>
    outermostCpu(
      onMain.filter((e) => names.has(e.name)),
      marked.ts,
    );
  return { totalMs: of(taskNames), scriptMs: of(kinds.scriptMs), layoutMs: of(kinds.layoutMs), paintMs: of(kinds.paintMs) };
}
