/** Plain-language readings of failure kinds, for failures that carry no exception text. */
import type { FailureKind } from '../../../common/corpus/corpus-types';

/** What each failure kind means, phrased for a reader who has not seen the taxonomy. */
export const failureKindMeaning: Record<FailureKind, string> = {
  crash: 'The command exited with an error.',
  timeout: 'The command was stopped at its time cap before it finished.',
  oom: 'The process ran out of memory.',
  killed: 'The process was killed from outside (SIGKILL), usually for memory or a time cap.',
  missing_package: 'The program imported a package that is not installed.',
  wrong_answer: 'The program ran, but its answer was graded wrong.',
  invalid_output: 'The program ran, but its output could not be graded.',
  buggy: 'The agent judged this program buggy, though it raised no exception.',
  rejected_edit: 'The harness refused the edit the agent asked for.',
};
