import { useEffect, useRef } from 'react';
import type { Command } from './command';
import { registerCommands } from './command-registry';

/** Registers `commands` while the component is mounted; each render's list replaces the last. */
export function useCommands(commands: readonly Command[]): void {
  const latest = useRef(commands);
  latest.current = commands;
  useEffect(() => registerCommands(() => latest.current), []);
}
