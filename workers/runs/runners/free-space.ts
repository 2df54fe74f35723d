import { existsSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';

/** The default disk reserve: free space each host keeps on its attempts' volume before it takes another attempt. */
export const defaultDiskReserveGb = 5;

/**
 * Free bytes (for an unprivileged user) on the volume that holds `folder`, asked of its nearest
 * existing ancestor, since the run's folder is made by its first attempt.
 */
export function localFreeBytes(folder: string): number | null {
  let at = folder;
  while (!existsSync(at)) {
    const up = dirname(at);
    if (up === at) return null;
    at = up;
  }
  try {
    const stats = statfsSync(at);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}

/** The available bytes of the one filesystem `df -Pk DIR` reports (POSIX output: 1024-byte blocks, available is the fourth column). */
export function parseDfAvailable(text: string): number | null {
  const line = text.trim().split('\n').at(-1) ?? '';
  // The first column (the device) may hold spaces; the five numbers before the mount point are at the end.
  const match = /\s(\d+)\s+(\d+)\s+(\d+)\s+\d+%\s+\S.*$/.exec(line);
  return match ? Number(match[3]) * 1024 : null;
}

/** Bytes as a person reads free space: "3.2 GB". */
export function formatGb(bytes: number): string {
  return `${(bytes / 1e9).toFixed(1)} GB`;
}
