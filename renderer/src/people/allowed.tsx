import type { ReactNode } from 'react';
import type { OperationName } from '../../../common/contract';
import { useCan } from './use-can';

/** Renders its children (and so registers their commands) only for a person who may run `op`. */
export function Allowed({ op, children }: { op: OperationName; children: ReactNode }) {
  return useCan(op) ? children : null;
}
