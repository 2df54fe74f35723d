/** The traceback's command: open the agent's innermost frame in the program viewer (`o`). */
import type { FailureEvent } from '../../../common/corpus/corpus-types';
import { useCommands } from '../commands/use-commands';
import { agentFrameIndex, frameInProgram } from '../lib/frames';
import { useProgramViewerStore } from './program-viewer-store';

export function useTracebackCommands(failure: FailureEvent, onFocusLine: (line: number) => void): void {
  const program = failure.program;
  const frame = failure.frames[agentFrameIndex(failure)];
  const line = program && frame && frameInProgram(frame, program.path) ? frame.line : null;
  useCommands([
    {
      id: 'traceback.agent-frame',
      group: 'Traceback',
      title: line === null ? "Open the agent's frame (none in a stored program)" : `Open the agent's frame (${program!.path} line ${line})`,
      keys: ['o'],
      when: () => line !== null,
      run: () => {
        onFocusLine(line!);
        useProgramViewerStore.getState().show(program!);
      },
    },
  ]);
}
