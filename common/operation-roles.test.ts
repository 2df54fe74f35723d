import { describe, expect, it } from 'vitest';
import { operationNames } from './contract';
import { operationRoles } from './operation-roles';
import { roleAllows, roles } from './people/people';

describe('operation roles', () => {
  it('decides every operation of the contract, and nothing else', () => {
    expect(Object.keys(operationRoles).sort()).toEqual([...operationNames].sort());
    for (const role of Object.values(operationRoles)) expect(roles).toContain(role);
  });

  it('lets each role do what the roles below it may, and keeps people, hosts and the key with admins', () => {
    expect(roleAllows('admin', 'auditor')).toBe(true);
    expect(roleAllows('researcher', 'admin')).toBe(false);
    expect(roleAllows('auditor', 'researcher')).toBe(false);
    for (const op of ['people.add', 'people.revoke', 'hosts.save', 'models.setKey'] as const) expect(operationRoles[op]).toBe('admin');
    for (const op of ['import.files', 'runs.start', 'runs.rerun', 'pipeline.mine'] as const) expect(operationRoles[op]).toBe('researcher');
    for (const op of ['labels.add', 'labels.undo', 'settings.set', 'people.list'] as const) expect(operationRoles[op]).toBe('auditor');
  });
});
