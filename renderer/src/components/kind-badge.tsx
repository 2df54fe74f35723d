import type { FailureKind } from '../../../common/corpus/corpus-types';

const tones: Record<FailureKind, string> = {
  crash: 'fail',
  missing_package: 'fail',
  oom: 'fail',
  killed: 'fail',
  timeout: 'warn',
  wrong_answer: 'warn',
  invalid_output: 'warn',
  buggy: 'warn',
  rejected_edit: 'warn',
};

/** A failure event's kind (`crash`, `timeout`, ...) as an outlined badge. */
export function KindBadge({ kind }: { kind: FailureKind }) {
  return <span className={`badge badge-outline badge-${tones[kind]}`}>{kind.replace(/_/g, ' ')}</span>;
}
