/** The keys of a list with a selected row (the corpus table, search hits): move, page, ends, open. */
import type { Command } from './command';

export interface ListState {
  /** Section name and id prefix, e.g. "Rollouts". */
  group: string;
  count: number;
  /** Selected index, -1 for none. */
  selected: number;
  select(index: number): void;
  open(index: number): void;
  /** Rows a page key moves; no page keys when absent. */
  page?(): number;
  /** Whether Enter may open the selected row now (not while its answer is stale). */
  canOpen?(): boolean;
}

export function listCommands({ group, count, selected, select, open, page, canOpen }: ListState): Command[] {
  const prefix = group.toLowerCase().replaceAll(' ', '-');
  const any = () => count > 0;
  const by = (delta: number) => select(Math.min(count - 1, Math.max(0, (selected < 0 ? -1 : selected) + delta)));
  const commands: Command[] = [
    { id: `${prefix}.next`, group, title: 'Next row', keys: ['j', 'ArrowDown'], when: any, run: () => by(1) },
    { id: `${prefix}.previous`, group, title: 'Previous row', keys: ['k', 'ArrowUp'], when: any, run: () => by(-1) },
  ];
  if (page) {
    commands.push(
      { id: `${prefix}.page-down`, group, title: 'A page down', keys: ['PageDown'], when: any, run: () => by(page()) },
      { id: `${prefix}.page-up`, group, title: 'A page up', keys: ['PageUp'], when: any, run: () => by(-page()) },
    );
  }
  commands.push(
    { id: `${prefix}.first`, group, title: 'First row', keys: ['Home'], when: any, run: () => select(0) },
    { id: `${prefix}.last`, group, title: 'Last row', keys: ['End'], when: any, run: () => select(count - 1) },
    {
      id: `${prefix}.open`,
      group,
      title: 'Open the selected row',
      keys: ['Enter'],
      when: () => selected >= 0 && selected < count && (canOpen?.() ?? true),
      run: () => open(selected),
    },
  );
  return commands;
}
