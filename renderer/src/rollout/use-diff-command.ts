/** The step's `d`: its program version beside the version before, on the Compare screen. */
import type { ProgramVersionRef } from '../../../common/corpus/corpus-types';
import { useCommands } from '../commands/use-commands';
import { navigate } from '../router/router';
import { previousVersionRoute } from './previous-version';

export function useDiffCommand(rollout: string | null, program: ProgramVersionRef | null): void {
  const route = rollout !== null && program ? previousVersionRoute(rollout, program.path, program.version) : null;
  useCommands([
    {
      id: 'program.diff-previous',
      group: 'Program',
      title: program ? `Diff ${program.path} v${program.version} with the previous version` : 'Diff with the previous version (the step ran no stored program)',
      keys: ['d'],
      when: () => route !== null,
      run: () => navigate(route!),
    },
  ]);
}
