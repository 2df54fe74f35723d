/**
 * SSH hosts of Settings. Requests are validated strictly by the contract (plain host and user
 * names, ports 1-65535, paths without characters ssh would split or expand); only paths are
 * stored, never a key or a passphrase.
 */
import type { ParsedRequestOf } from '../../common/contract';
import type { HostConfig } from '../../common/domain';
import { ApiError } from '../../common/errors';
import type { Db } from '../db/open-corpus';

interface HostDbRow {
  name: string;
  user: string;
  host: string;
  port: number;
  identity_file: string | null;
  known_hosts_file: string | null;
  work_dir: string;
  gpu_label: string;
}

function toHost(r: HostDbRow): HostConfig {
  return {
    name: r.name,
    user: r.user,
    host: r.host,
    port: r.port,
    identityFile: r.identity_file,
    knownHostsFile: r.known_hosts_file,
    workDir: r.work_dir,
    gpuLabel: r.gpu_label,
  };
}

export function listHosts(db: Db): HostConfig[] {
  return (db.prepare('SELECT * FROM hosts ORDER BY name').all() as HostDbRow[]).map(toHost);
}

export function getHost(db: Db, name: string): HostConfig {
  const row = db.prepare('SELECT * FROM hosts WHERE name = ?').get(name) as HostDbRow | undefined;
  if (!row) throw new ApiError('not_found', `no SSH host named "${name}" in Settings (hosts.list shows the saved ones)`);
  return toHost(row);
}

export function saveHost(db: Db, req: ParsedRequestOf<'hosts.save'>): HostConfig {
  db.prepare(
    `INSERT INTO hosts (name, user, host, port, identity_file, known_hosts_file, work_dir, gpu_label, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(name) DO UPDATE SET user = excluded.user, host = excluded.host, port = excluded.port, identity_file = excluded.identity_file,
       known_hosts_file = excluded.known_hosts_file, work_dir = excluded.work_dir, gpu_label = excluded.gpu_label, updated_at = excluded.updated_at`,
  ).run(req.name, req.user, req.host, req.port, req.identityFile, req.knownHostsFile, req.workDir, req.gpuLabel, new Date().toISOString());
  return getHost(db, req.name);
}

export function deleteHost(db: Db, name: string): boolean {
  return db.prepare('DELETE FROM hosts WHERE name = ?').run(name).changes > 0;
}
