import { describe, expect, it } from 'vitest';
import type { Command } from './command';
import { groupCommands, searchCommands } from './command-search';

const command = (id: string, title: string, group: string, keys: string[] = []): Command => ({ id, title, group, keys, run: () => undefined });
const commands = [
  command('next', 'Next step', 'Rollout', ['j']),
  command('schema', 'Next label schema', 'Labels', ['S']),
  command('blind', 'Turn blind mode off', 'Labels', ['B']),
  command('go', 'Go to Labels', 'Everywhere'),
];
const labels = (c: Command) => (c.keys ?? []).map((k) => (k === 'S' ? 'Shift+S' : k));
const ids = (list: Command[]) => list.map((c) => c.id);

describe('searchCommands', () => {
  it('keeps every command, in order, for an empty query', () => {
    expect(ids(searchCommands(commands, '  ', labels))).toEqual(['next', 'schema', 'blind', 'go']);
  });

  it('needs every word somewhere in the title, group or keys', () => {
    expect(ids(searchCommands(commands, 'blind', labels))).toEqual(['blind']);
    expect(ids(searchCommands(commands, 'labels schema', labels))).toEqual(['schema']);
    expect(ids(searchCommands(commands, 'shift+s', labels))).toEqual(['schema']);
    expect(ids(searchCommands(commands, 'schema nothing', labels))).toEqual([]);
  });

  it('puts titles with a word starting like the query ahead of matches in the group', () => {
    expect(ids(searchCommands(commands, 'label', labels))).toEqual(['schema', 'go', 'blind']);
  });
});

describe('groupCommands', () => {
  it('groups by section in order of first appearance', () => {
    expect(groupCommands(commands).map(([group, list]) => [group, ids(list)])).toEqual([
      ['Rollout', ['next']],
      ['Labels', ['schema', 'blind']],
      ['Everywhere', ['go']],
    ]);
  });
});
