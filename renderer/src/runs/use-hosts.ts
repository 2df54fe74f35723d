/**
 * The SSH hosts a run can use (`ssh:<name>`) and this machine's run settings, as the backend
 * answers them: every view that names a host follows them, fetched again after a write to them.
 */
import type { HostConfig, LocalHostSettings } from '../../../common/runs/run-types';
import { useOperation } from '../api/use-operation';
import { reportError } from '../app-state/app-store';

/** The saved SSH hosts; null until the first answer. */
export function useHosts(): HostConfig[] | null {
  return useOperation('hosts.list', {}, { tables: ['hosts'], onError: reportError }).data;
}

/** This machine's run settings (its slots), which a run's slot field defaults to; null until the first answer. */
export function useLocalHost(): LocalHostSettings | null {
  return useOperation('hosts.local', {}, { tables: ['user_settings'], onError: reportError }).data;
}
