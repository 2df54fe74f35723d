import { describe, expect, it } from 'vitest';
import { available } from './command';
import { listCommands, type ListState } from './list-commands';

function list(state: Partial<ListState>) {
  const calls: string[] = [];
  const commands = listCommands({
    group: 'Rollouts',
    count: 10,
    selected: 3,
    select: (i) => calls.push(`select ${i}`),
    open: (i) => calls.push(`open ${i}`),
    ...state,
  });
  const run = (id: string) => {
    const command = commands.find((c) => c.id === id)!;
    if (available(command)) command.run();
  };
  return { commands, calls, run };
}

describe('listCommands', () => {
  it('moves the selection within the list and opens the selected row', () => {
    const { calls, run } = list({ page: () => 4 });
    run('rollouts.next');
    run('rollouts.previous');
    run('rollouts.page-down');
    run('rollouts.page-up');
    run('rollouts.first');
    run('rollouts.last');
    run('rollouts.open');
    expect(calls).toEqual(['select 4', 'select 2', 'select 7', 'select 0', 'select 0', 'select 9', 'open 3']);
  });

  it('starts from the first row when none is selected and stops at the ends', () => {
    expect(list({ selected: -1 }).calls).toEqual([]);
    const none = list({ selected: -1 });
    none.run('rollouts.next');
    none.run('rollouts.open');
    expect(none.calls).toEqual(['select 0']);
    const last = list({ selected: 9 });
    last.run('rollouts.next');
    expect(last.calls).toEqual(['select 9']);
  });

  it('offers nothing on an empty list, no page keys without a page size, and no open while stale', () => {
    const empty = list({ count: 0, selected: -1 });
    expect(empty.commands.filter(available)).toEqual([]);
    expect(list({}).commands.some((c) => c.id === 'rollouts.page-down')).toBe(false);
    const stale = list({ canOpen: () => false });
    stale.run('rollouts.open');
    expect(stale.calls).toEqual([]);
  });
});
