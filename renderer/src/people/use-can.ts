import type { OperationName } from '../../../common/contract';
import { operationRoles } from '../../../common/operation-roles';
import { roleAllows } from '../../../common/people/people';
import { useSettingsStore } from '../app-state/settings-store';

/**
 * Whether the window's person may run an operation, so the page offers only what they may
 * (the server refuses the rest with `forbidden` all the same). Until the settings have loaded
 * it says yes: the desktop's one person may do everything, and a control that flashes is
 * refused by the server if used.
 */
export function useCan(op: OperationName): boolean {
  const role = useSettingsStore((s) => s.settings?.role);
  return role === undefined || roleAllows(role, operationRoles[op]);
}
