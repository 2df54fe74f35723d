/**
 * An attempt's terminal output from a character offset on: what a terminal joining late reads
 * before it follows the live `attempt:output` events, whose `offset` counts the same characters.
 */
export interface AttemptOutputSoFar {
  attemptId: number;
  /** The output from `from` to `to` (character offsets in the attempt's whole output). */
  text: string;
  /** Where `text` starts: the offset asked for, or later when that part was dropped from a very long log. */
  from: number;
  to: number;
  /** Whether this process is running the attempt (its output may go on); otherwise this is the stored log. */
  live: boolean;
}
