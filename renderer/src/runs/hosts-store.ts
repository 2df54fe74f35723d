/**
 * SSH hosts a run can use (`ssh:<name>`). The backend validates every field (no spaces or
 * shell metacharacters); a refused save comes back as messages by field for the form.
 */
import { create } from 'zustand';
import type { RequestOf } from '../../../common/contract';
import type { HostConfig, LocalHostSettings } from '../../../common/runs/run-types';
import { api } from '../api/bridge';
import { fieldErrorsOf, type FieldErrors } from './field-errors';
import { reportError } from '../app-state/app-store';

interface HostsState {
  hosts: HostConfig[] | null;
  /** This machine's run settings (its slots), which a run's slot field defaults to. */
  local: LocalHostSettings | null;
  load(): Promise<void>;
  /** Saves a host; resolves to null on success, else the backend's messages by field. */
  save(host: RequestOf<'hosts.save'>): Promise<FieldErrors | null>;
  remove(name: string): Promise<void>;
}

/** The hosts slice. */
export const useHostsStore = create<HostsState>()((set, get) => ({
  hosts: null,
  local: null,
  async load() {
    try {
      const [hosts, local] = await Promise.all([api('hosts.list', {}), api('hosts.local', {})]);
      set({ hosts, local });
    } catch (err) {
      reportError(err);
    }
  },
  async save(host) {
    try {
      await api('hosts.save', host);
    } catch (err) {
      return fieldErrorsOf(err);
    }
    await get().load();
    return null;
  },
  async remove(name) {
    try {
      await api('hosts.delete', { name });
    } catch (err) {
      reportError(err);
    }
    await get().load();
  },
}));
