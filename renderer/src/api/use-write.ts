/**
 * The write half of `useOperation`: runs one write operation from a view, says while it runs,
 * and once it has written, has every view that follows the tables it writes fetch again.
 */
import { useRef, useState } from 'react';
import type { CorpusTable } from '../../../common/corpus-tables';
import type { OperationName, RequestOf, ResponseOf } from '../../../common/contract';
import { api } from './bridge';
import { announceWrite } from './table-changes';

export interface Write<K extends OperationName> {
  /** Runs the write; resolves to its answer, or rejects with its `ApiError` for the caller to show. */
  run(request: RequestOf<K>): Promise<ResponseOf<K>>;
  /** A write of this hook is in flight. */
  running: boolean;
}

/**
 * Runs `op`, which may change `tables`. A failed write announces nothing: it changed no row,
 * and whoever shows its error decides whether to fetch again.
 */
export function useWrite<K extends OperationName>(op: K, tables: readonly CorpusTable[]): Write<K> {
  const [inFlight, setInFlight] = useState(0);
  // The tables of the latest render, so a list written in the render does not make a new `run`.
  const written = useRef(tables);
  written.current = tables;
  return {
    running: inFlight > 0,
    async run(request) {
      setInFlight((n) => n + 1);
      try {
        const answer = await api(op, request);
        announceWrite(written.current);
        return answer;
      } finally {
        setInFlight((n) => n - 1);
      }
    },
  };
}
