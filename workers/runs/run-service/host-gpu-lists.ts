import type { SlotHost } from '../runners/runner';

/** How long a host's GPU list is trusted: probing costs a process (or an SSH session) on every run's start. */
const gpuListTtlMs = 10 * 60_000;

/** The GPUs of the hosts runs went to, each probed at most once per `gpuListTtlMs`. */
export class HostGpuLists {
  private readonly lists = new Map<string, { at: number; gpus: string[] }>();

  async of(host: SlotHost, signal: AbortSignal): Promise<string[]> {
    const known = this.lists.get(host.probeKey);
    if (known && Date.now() - known.at < gpuListTtlMs) return known.gpus;
    const gpus = await host.gpus(signal);
    this.lists.set(host.probeKey, { at: Date.now(), gpus });
    return gpus;
  }
}
