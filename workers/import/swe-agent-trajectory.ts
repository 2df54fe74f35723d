/**
 * The SWE-agent trajectory format (`<instance>.traj`, one JSON document):
 * `{environment, trajectory, history, info, replay_config}`. Older versions wrote each
 * entry's `state` and the whole `replay_config` as JSON strings, had no
 * `execution_time` or `message_type`, and no `replay_config` at all before 1.0. Only
 * the fields the importer maps are checked; the rest pass through to `extra`.
 */
import { z } from 'zod';

const jsonObject = z.record(z.string(), z.unknown());

/** One action the agent took and what the environment answered. */
export const sweAgentEntry = z.looseObject({
  action: z.string(),
  observation: z.string().nullable().optional(),
  /** Seconds. */
  execution_time: z.number().nonnegative().nullable().optional(),
  state: z.union([jsonObject, z.string()]).nullable().optional(),
});

/** A whole trajectory file. */
export const sweAgentTrajectory = z.looseObject({
  trajectory: z.array(sweAgentEntry),
  info: z.looseObject({
    submission: z.string().nullable().optional(),
    exit_status: z.string().nullable().optional(),
  }),
  replay_config: z.union([jsonObject, z.string()]).nullable().optional(),
});

/** An entry as parsed, its unchecked fields included. */
export type SweAgentEntry = z.infer<typeof sweAgentEntry>;
/** A trajectory as parsed, its unchecked fields included. */
export type SweAgentTrajectory = z.infer<typeof sweAgentTrajectory>;

/**
 * True when a file's head looks like a SWE-agent trajectory. `info` comes after the
 * whole trajectory and history, so in a large file the first entry's `observation`
 * stands in for it.
 */
export function looksLikeSweAgentTrajectory(head: string): boolean {
  return /^\s*\{/.test(head) && /"trajectory"\s*:\s*\[/.test(head) && /"(info|observation)"\s*:/.test(head);
}
