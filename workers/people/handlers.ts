/** The team operations. */
import { addPerson, ownerPerson, revokePerson, setRole } from './people-store';
import { teamProgress } from './team-progress';
import { written } from '../context/written';
import type { HandlersOf } from '../context/handlers-of';
import type { peopleOperations } from '../../common/people/people-operations';

export const peopleHandlers = {
  'people.list': (_req, { db }) => teamProgress(db),
  'people.add': (req, ctx) => written(ctx, () => addPerson(ctx.db, req.name, req.role)),
  'people.setRole': (req, ctx) => written(ctx, () => setRole(ctx.db, req.name, req.role)),
  'people.revoke': (req, ctx) => written(ctx, () => revokePerson(ctx.db, req.name)),
  'people.owner': (req, ctx) => written(ctx, () => ownerPerson(ctx.db, req.fallbackName)),
} satisfies HandlersOf<typeof peopleOperations>;
