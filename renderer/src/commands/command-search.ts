/** Which commands the palette shows for what was typed, best first; pure, so it is easy to check. */
import type { Command } from './command';

/** Lower-cased text a query is matched against: title, group and key labels. */
function haystack(command: Command, labels: readonly string[]): string {
  return [command.title, command.group, ...labels, command.keyHint ?? ''].join(' ').toLowerCase();
}

/**
 * The commands every word of `query` appears in (title, group or key), in their order, with
 * those whose title starts with the query's first word ahead. An empty query keeps them all.
 * `labelsOf` gives the key labels shown for a command, so typing `shift+s` finds it.
 */
export function searchCommands(commands: readonly Command[], query: string, labelsOf: (command: Command) => readonly string[]): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...commands];
  const hits = commands.filter((c) => {
    const text = haystack(c, labelsOf(c));
    return words.every((w) => text.includes(w));
  });
  const first = words[0]!;
  const leads = (c: Command) =>
    c.title
      .toLowerCase()
      .split(/\s+/)
      .some((w) => w.startsWith(first));
  return [...hits.filter(leads), ...hits.filter((c) => !leads(c))];
}

/** Commands grouped by their `group`, groups in order of first appearance. */
export function groupCommands(commands: readonly Command[]): [string, Command[]][] {
  const groups = new Map<string, Command[]>();
  for (const c of commands) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  return [...groups];
}
