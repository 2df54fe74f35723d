/**
 * A health probe for `rwb serve`: asks `app.info` every 50 ms until stopped, noting each
 * answer's latency beside the phase the caller says it is in. The fuzz test asserts that it
 * never fails; the `serve-health` benchmark judges its percentiles.
 */

/** An answer of serve's API: the HTTP status and the parsed JSON (or the text, when it was not JSON). */
export interface ApiAnswer {
  status: number;
  json: unknown;
}

/** How a caller reaches serve: one API call with a raw JSON body. */
export type PostApi = (op: string, body: string) => Promise<ApiAnswer>;

export interface ProbeResult {
  latencies: number[];
  /** The phase each probe was taken in. */
  phases: string[];
  failures: string[];
}

export interface HealthProbe {
  /** What the caller is doing now, recorded beside each probe. */
  phase: string;
  stop(): Promise<ProbeResult>;
}

export const probeEveryMs = 50;

export function healthProbe(post: PostApi): HealthProbe {
  const result: ProbeResult = { latencies: [], phases: [], failures: [] };
  let running = true;
  let loop: Promise<void> = Promise.resolve();
  const probe: HealthProbe = {
    phase: '',
    async stop() {
      running = false;
      await loop;
      return result;
    },
  };
  loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const answer = await post('app.info', '{}');
        if (answer.status !== 200) result.failures.push(`HTTP ${answer.status}: ${JSON.stringify(answer.json).slice(0, 300)}`);
      } catch (err) {
        result.failures.push(`the connection failed (${(err as Error).message})`);
      }
      result.latencies.push(performance.now() - started);
      result.phases.push(probe.phase);
      await new Promise((resolve) => setTimeout(resolve, probeEveryMs));
    }
  })();
  return probe;
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

/** Nearest-rank percentiles of some latencies; NaN for none. */
export function summarizeLatencies(latencies: readonly number[]): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const rank = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! : NaN);
  return { count: sorted.length, p50: rank(0.5), p95: rank(0.95), max: sorted.at(-1) ?? NaN };
}

/** The probe's latencies grouped by phase, in the order the phases came. */
export function latenciesByPhase(result: ProbeResult): Map<string, number[]> {
  const byPhase = new Map<string, number[]>();
  result.phases.forEach((phase, i) => {
    const list = byPhase.get(phase) ?? [];
    list.push(result.latencies[i]!);
    byPhase.set(phase, list);
  });
  return byPhase;
}
