/**
 * Serve mode's worker: the shared `WorkerConnection` over a Node fork. A crashed worker is
 * restarted with backoff, its in-flight calls answered with `unavailable`, and browsers told
 * through the `worker:restarted` event.
 */
import type { Result } from '../../common/contract';
import { ApiError } from '../../common/errors';
import type { EventListener } from '../../common/events';
import type { WorkerArgs } from '../../common/worker-protocol';
import { forkWorker } from '../worker-connection/fork-transport';
import { WorkerConnection, type CallOptions, type SpawnWorker } from '../worker-connection/worker-connection';

export class WorkerClient {
  private constructor(private readonly connection: WorkerConnection) {}

  /** Starts the worker and resolves once it has opened the corpus; rejects with the reason it did not. */
  static async start(args: WorkerArgs, spawn: SpawnWorker = forkWorker): Promise<WorkerClient> {
    const connection = new WorkerConnection(spawn);
    const started = await connection.open(args);
    if (!started.ok) throw new ApiError(started.error.code, started.error.message, started.error.details);
    return new WorkerClient(connection);
  }

  /**
   * Forwards one call. A key set or cleared in Settings is also kept here, so a restarted
   * worker gets it back in its credentials message; it lasts until the server stops.
   */
  async call(op: string, request: unknown, options: CallOptions = {}): Promise<Result<unknown>> {
    const result = await this.connection.call(op, request, options);
    if (result.ok && op === 'models.setKey') this.connection.setCredentials((request as { key: string }).key, 'session');
    if (result.ok && op === 'models.clearKey') this.connection.setCredentials(null, 'session');
    return result;
  }

  onEvent(listener: EventListener): () => void {
    return this.connection.onEvent(listener);
  }

  /** Stops the worker (it closes the corpus on its way out) and waits for it to exit. */
  stop(): Promise<void> {
    return this.connection.stop();
  }
}
