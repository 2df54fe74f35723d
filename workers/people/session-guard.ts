/**
 * What a signed-in person may ask (serve mode): the operation's role, and their own name in
 * every request that names the annotator it acts or reads as. Writes are attributed to the
 * session's person, so a request naming someone else is refused rather than rewritten; reads
 * that blind mode governs take the person's own blind setting, not the page's.
 */
import type { OperationName, ParsedRequestOf } from '../../common/contract';
import { ApiError } from '../../common/errors';
import { operationRoles } from '../../common/operation-roles';
import { aRole, roleAllows, type Person } from '../../common/people/people';
import type { Db } from '../db/open-corpus';
import { getSettings } from '../labels/user-settings';
import { refuseWhileBlind } from './blind-answers';

/** Operations whose request names the annotator they act as, or whose queue or evidence they read. */
const ownName = new Set<OperationName>(['labels.add', 'labels.undo', 'labels.mark', 'labels.cursor', 'labels.queue', 'labels.evidence']);

/** Reads that blind mode governs through their `blind` field. */
const blindField = new Set<OperationName>(['labels.queue', 'labels.evidence']);

/** Throws `forbidden` when the person's role is below the operation's; checked before the request is read. */
export function requireRole(op: OperationName, person: Person): void {
  const required = operationRoles[op];
  if (roleAllows(person.role, required)) return;
  throw new ApiError('forbidden', `${op}: needs the ${required} role; ${person.name} is ${aRole(person.role)}`, { required, role: person.role });
}

/** Returns the request as the person may make it: in their own name, with their own blind setting; throws `forbidden` for another's name. */
export function guardRequest<K extends OperationName>(op: K, request: ParsedRequestOf<K>, person: Person, db: Db): ParsedRequestOf<K> {
  const fields = request as { annotator?: string; blind?: boolean };
  if (ownName.has(op) && fields.annotator !== person.name) {
    throw new ApiError('forbidden', `${op}: annotator "${fields.annotator}" is not you; you are signed in as "${person.name}"`, { field: 'annotator' });
  }
  const blind = isBlind(person, db);
  if (blind) refuseWhileBlind(op, request);
  if (blindField.has(op)) return { ...request, blind };
  // A blind person's export holds their own labels only; anyone else's would show them what blind mode hides.
  if (op === 'labels.export' && blind) return { ...request, annotator: person.name };
  return request;
}

/** Whether the person's answers are filtered by blind mode. */
export function isBlind(person: Person, db: Db): boolean {
  return getSettings(db, person).blind;
}
