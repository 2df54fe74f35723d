/**
 * SSH hosts of Settings. Requests are validated strictly by the contract (plain host and user
 * names, ports 1-65535, paths without characters ssh would split or expand); only paths are
 * stored, never a key or a passphrase.
 */
import type { ParsedRequestOf } from '../../common/contract';
import type { HostConfig, LocalHostSettings } from '../../common/runs/run-types';
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
  slots: number | null;
  env_names: string;
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
    slots: r.slots,
    envNames: JSON.parse(r.env_names) as string[],
  };
}

export function listHosts(db: Db): HostConfig[] {
  return db.prepare<unknown[], HostDbRow>('SELECT * FROM hosts ORDER BY name').all().map(toHost);
}

export function getHost(db: Db, name: string): HostConfig {
  const row = db.prepare<unknown[], HostDbRow>('SELECT * FROM hosts WHERE name = ?').get(name);
  if (!row) throw new ApiError('not_found', `no SSH host named "${name}" in Settings (hosts.list shows the saved ones)`);
  return toHost(row);
}

export function saveHost(db: Db, req: ParsedRequestOf<'hosts.save'>): HostConfig {
  db.prepare(
    `INSERT INTO hosts (name, user, host, port, identity_file, known_hosts_file, work_dir, gpu_label, slots, env_names, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT(name) DO UPDATE SET user = excluded.user, host = excluded.host, port = excluded.port, identity_file = excluded.identity_file,
       known_hosts_file = excluded.known_hosts_file, work_dir = excluded.work_dir, gpu_label = excluded.gpu_label, slots = excluded.slots,
       env_names = excluded.env_names, updated_at = excluded.updated_at`,
  ).run(
    req.name,
    req.user,
    req.host,
    req.port,
    req.identityFile,
    req.knownHostsFile,
    req.workDir,
    req.gpuLabel,
    req.slots,
    JSON.stringify(req.envNames),
    new Date().toISOString(),
  );
  return getHost(db, req.name);
}

export function deleteHost(db: Db, name: string): boolean {
  return db.prepare('DELETE FROM hosts WHERE name = ?').run(name).changes > 0;
}

const localKey = 'runs.localHost';

/** The local machine's run settings (user settings, so they travel with the corpus). */
export function getLocalHost(db: Db): LocalHostSettings {
  const value = db.prepare<unknown[], string>('SELECT value FROM user_settings WHERE key = ?').pluck().get(localKey);
  if (!value) return { slots: null, envNames: [] };
  const parsed = JSON.parse(value) as Partial<LocalHostSettings>;
  return { slots: typeof parsed.slots === 'number' ? parsed.slots : null, envNames: Array.isArray(parsed.envNames) ? parsed.envNames.map(String) : [] };
}

export function saveLocalHost(db: Db, req: ParsedRequestOf<'hosts.saveLocal'>): LocalHostSettings {
  const value: LocalHostSettings = { slots: req.slots, envNames: req.envNames };
  db.prepare(
    'INSERT INTO user_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  ).run(localKey, JSON.stringify(value), new Date().toISOString());
  return getLocalHost(db);
}
