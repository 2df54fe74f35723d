/** One action of a screen, as the command palette, the `?` overlay and the key dispatcher see it. */
export interface Command {
  /** Stable id, unique among the commands on screen at once (e.g. `labels.next-schema`). */
  id: string;
  /** What it does, as the palette lists it. */
  title: string;
  /** The screen or panel it belongs to, which heads its section. */
  group: string;
  /** Key specs that run it (see key-spec.ts); the palette and `?` show them all. */
  keys?: readonly string[];
  /** A key the screen reads itself (typed digits), shown beside the command but not dispatched here. */
  keyHint?: string;
  /** Whether it can run now; read when a key comes and when the palette opens. Unset: always. */
  when?(): boolean;
  run(): void;
}

/** Whether the command can run now. */
export function available(command: Command): boolean {
  return command.when?.() ?? true;
}
