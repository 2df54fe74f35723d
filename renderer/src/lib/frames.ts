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

/** True when a frame's file belongs to an installed library or the interpreter, not the agent. */
export function isLibraryFrame(frame: Frame): boolean {
  return libraryPath.test(frame.file.replace(/\\/g, '/'));
}

/** A run of frames shown together: the agent's own frames one by one, library frames folded as one. */
export type FrameGroup = { kind: 'own'; index: number } | { kind: 'library'; first: number; count: number };

/**
 * The frames in traceback order with each run of consecutive library frames folded into one
 * group, so the agent's frames stay in view; the agent's frame is never folded, even when its
 * file looks like a library's (a program stored under site-packages is still the program).
 */
export function groupFrames(failure: Pick<FailureEvent, 'frames' | 'program'>): FrameGroup[] {
  const agent = agentFrameIndex(failure);
  const groups: FrameGroup[] = [];
  failure.frames.forEach((frame, index) => {
    const last = groups[groups.length - 1];
    if (index === agent || !isLibraryFrame(frame)) groups.push({ kind: 'own', index });
    else if (last?.kind === 'library' && last.first + last.count === index) last.count++;
    else groups.push({ kind: 'library', first: index, count: 1 });
  });
  return groups;
}
