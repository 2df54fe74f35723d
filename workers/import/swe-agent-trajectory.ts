/**
 * The SWE-agent trajectory format (`<instance>.traj`, one JSON document):
 * `{environment, trajectory, history, info, replay_config}`. Older versions wrote each
 * entry's `state` and the whole `replay_config` as JSON strings, had no
 * `execution_time` or `message_type`, and no `replay_config` at all before 1.0. Only
 * the fields the importer maps are checked; the rest pass through to `extra`.
 */
import { z } from 'zod';
import { type Shape } from './json-shape';
import { itemsOf, member, textOf } from './shape-queries';

const jsonObject = z.record(z.string(), z.unknown());

/** One action the agent took and what the environment answered. */
export const sweAgentEntry = z.looseObject({
  action: z.string(),
  observation: z.string().nullable().optional(),
  /** Seconds. */
  execution_time: z.number().nonnegative().nullable().optional(),
  state: z.union([jsonObject, z.string()]).nullable().optional(),
});

/** One message of the model's conversation (`history`); an assistant message may carry the action it chose. */
export const sweAgentMessage = z.looseObject({
  role: z.string(),
  content: z.unknown().optional(),
  action: z.string().nullable().optional(),
});

/**
 * A whole trajectory file. Some files (the function-calling demonstrations) hold only
 * `history`: the steps are then the assistant messages' actions and the observations
 * that answer them, and `info` is absent.
 */
export const sweAgentTrajectory = z
  .looseObject({
    trajectory: z.array(sweAgentEntry).optional(),
    history: z.array(sweAgentMessage).optional(),
    info: z
      .looseObject({
        submission: z.string().nullable().optional(),
        exit_status: z.string().nullable().optional(),
      })
      .optional(),
    replay_config: z.union([jsonObject, z.string()]).nullable().optional(),
  })
  .refine((t) => t.trajectory === undefined || t.info !== undefined, { message: 'a trajectory needs its info', path: ['info'] })
  .refine((t) => t.trajectory !== undefined || t.history !== undefined, { message: 'holds neither a trajectory nor a history', path: ['trajectory'] });

/** An entry as parsed, its unchecked fields included. */
export type SweAgentEntry = z.infer<typeof sweAgentEntry>;
/** A trajectory as parsed, its unchecked fields included. */
export type SweAgentTrajectory = z.infer<typeof sweAgentTrajectory>;

/**
 * True when a document is shaped like a SWE-agent trajectory: its `trajectory` entries
 * (with the run's `info`, or observations), or only a `history` with SWE-agent's message types.
 */
export function isSweAgentTrajectory(value: Shape | null): boolean {
  const entries = member(value, 'trajectory');
  if (entries?.kind === 'array' && (member(value, 'info') !== undefined || entries.items.some((e) => member(e, 'observation') !== undefined))) return true;
  return itemsOf(member(value, 'history')).some((m) => historyTypes.has(textOf(member(m, 'message_type')) ?? ''));
}

const historyTypes = new Set(['system_prompt', 'observation', 'action', 'thought']);
