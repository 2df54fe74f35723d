import { randomUUID } from 'node:crypto';
import type { JobProgressEvent, WorkbenchEvent } from '../../common/events';

/** A running job: its id, what it is, and the switch that cancels it. */
export interface Job {
  id: string;
  kind: string;
  signal: AbortSignal;
  progress(update: Omit<JobProgressEvent, 'type' | 'jobId' | 'kind'>): void;
}

/**
 * Long work in the worker: each job reports progress as events and can be cancelled by id
 * while it runs. Cancellation is cooperative: a job checks its signal between units of work.
 */
export class Jobs {
  private readonly running = new Map<string, AbortController>();

  constructor(private readonly emit: (event: WorkbenchEvent) => void) {}

  async run<T>(kind: string, requestedId: string | undefined, work: (job: Job) => Promise<T>): Promise<T> {
    const id = requestedId ?? `${kind}-${randomUUID()}`;
    const controller = new AbortController();
    this.running.set(id, controller);
    const job: Job = {
      id,
      kind,
      signal: controller.signal,
      progress: (update) => this.emit({ type: 'job:progress', jobId: id, kind, ...update }),
    };
    try {
      return await work(job);
    } finally {
      this.running.delete(id);
    }
  }

  /** Asks a running job to stop; false when no job has that id (it may have finished). */
  cancel(id: string): boolean {
    const controller = this.running.get(id);
    controller?.abort();
    return controller !== undefined;
  }
}
