/**
 * The one list of what can be done on screen: mounted components register their commands
 * here, and the palette, the `?` overlay and the key dispatcher all read it. A source is a
 * getter, so a key always runs the command as the component last rendered it.
 */
import type { Command } from './command';

type Source = () => readonly Command[];

const sources: Source[] = [];

/** Adds a source of commands until the returned function is called. */
export function registerCommands(source: Source): () => void {
  sources.push(source);
  return () => {
    const at = sources.indexOf(source);
    if (at !== -1) sources.splice(at, 1);
  };
}

/**
 * Every registered command, the most recently mounted source first: a panel mounted inside a
 * screen is more specific than the screen, so its commands win a key they share.
 */
export function currentCommands(): Command[] {
  return sources.toReversed().flatMap((source) => source());
}
