import { useState } from 'react';
import type { FailureEvent } from '../../../common/corpus/corpus-types';
import { ProgramExcerpt } from './program-excerpt';
import { TracebackPanel } from './traceback-panel';

/**
 * A step's failure: the parsed traceback and, when it points into a stored program version,
 * that program around the failing line. Clicking a frame in the program moves the excerpt.
 */
export function FailureSection({ failure }: { failure: FailureEvent }) {
  const [line, setLine] = useState<number | null>(failure.programLine);
  return (
    <>
      <TracebackPanel failure={failure} focusLine={line} onFocusLine={setLine} />
      {failure.program && line !== null && <ProgramExcerpt program={failure.program} line={line} />}
    </>
  );
}
