/**
 * Shape of a rubric as authored in the rubric-text modules: the lesson's text, its
 * category and the rollouts it was mined from. Ids are fixed so labels can refer to them.
 */

/** One authored rubric before it becomes a bundle record. */
export interface RubricText {
  id: string;
  category: string;
  title: string;
  appliesWhen: string;
  pattern: string;
  fix?: string;
  /** Rollout ids the lesson was mined from (tasks are looked up, never typed twice). */
  support: string[];
}

/** Compact constructor, so the text modules read as a list of lessons. */
export const rubric = (
  id: string,
  category: string,
  title: string,
  appliesWhen: string,
  pattern: string,
  fix: string | undefined,
  ...support: string[]
): RubricText => ({ id, category, title, appliesWhen, pattern, fix, support });
