/** What every domain's operation map is built from; common/contract.ts composes the maps. */
import { z } from 'zod';

/** Ties a request schema to a response type that exists only at compile time. */
export function op<Res>() {
  return <Req extends z.ZodType>(request: Req) => ({ request, response: undefined as unknown as Res });
}

export const id = z.string().min(1).max(512);
export const noParams = z.object({}).strict();
