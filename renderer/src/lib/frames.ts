/** Finding the traceback frame that points into the agent's own program. */
import type { FailureEvent, Frame } from '../../../common/corpus/corpus-types';

const libraryPath = /(?:site-packages|dist-packages|[\\/]lib[\\/]python\d|^<frozen |^<string>|^<stdin>)/;

/** True when a frame's file is the program version at `path` (tracebacks carry absolute paths). */
export function frameInProgram(frame: Frame, path: string): boolean {
  const file = frame.file.replace(/\\/g, '/');
  return file === path || file.endsWith(`/${path}`);
}

/**
 * Index of the innermost frame in the agent's program: the last frame in the failure's
 * program file, or, without a known program, the last frame outside installed libraries.
 * Returns -1 when no frame qualifies.
 */
export function agentFrameIndex(failure: Pick<FailureEvent, 'frames' | 'program'>): number {
  const { frames, program } = failure;
  for (let i = frames.length - 1; i >= 0; i--) {
    const frame = frames[i];
    if (!frame) continue;
    if (program ? frameInProgram(frame, program.path) : !libraryPath.test(frame.file)) return i;
  }
  return -1;
}
