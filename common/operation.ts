/** What every domain's operation map is built from; common/contract.ts composes the maps. */
import { z } from 'zod';
import type { CorpusTable } from './corpus-tables';

/**
 * Which connection an operation gets: `read` the read-only one (it sees the last commit, never
 * waits for a writer, and cannot write); `write` the writer and its lock. Operations that start
 * jobs or change state in the worker are `write` too, so the jobs they start write on the writer.
 */
export type Access = 'read' | 'write';

/** One operation: its request schema, its response type (compile time only), its access and the tables it may change. */
export interface Operation<Req extends z.ZodType, Res> {
  request: Req;
  response: Res;
  access: Access;
  /** Every table the operation (and the jobs it starts) may change; a write to any other is reported by the worker. */
  tables: readonly CorpusTable[];
}

/** An operation that only reads: it changes no table. */
export function read<Res>() {
  return <Req extends z.ZodType>(request: Req): Operation<Req, Res> => ({ request, response: undefined as unknown as Res, access: 'read', tables: [] });
}

/** An operation that writes (or starts a job that does) the given tables; `[]` for one that changes only the worker's state. */
export function write<Res>(tables: readonly CorpusTable[]) {
  return <Req extends z.ZodType>(request: Req): Operation<Req, Res> => ({ request, response: undefined as unknown as Res, access: 'write', tables });
}

export const id = z.string().min(1).max(512);
export const noParams = z.object({}).strict();
