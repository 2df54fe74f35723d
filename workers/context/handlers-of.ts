import type { OperationName, ParsedRequestOf, ResponseOf } from '../../common/contract';
import type { HandlerContext } from './handler-context';

export type Handler<K extends OperationName> = (request: ParsedRequestOf<K>, ctx: HandlerContext) => ResponseOf<K> | Promise<ResponseOf<K>>;

/** The handlers of one domain's operation map: each domain's `handlers.ts` `satisfies` it, so none is missing or mistyped. */
export type HandlersOf<Ops> = { [K in keyof Ops & OperationName]: Handler<K> };
