/** The team's operations: the people of a corpus and their sign-in links. */
import { z } from 'zod';
import { annotatorName } from '../labels/label-requests';
import { read, write } from '../operation';
import type { Person, PersonAdded, TeamMember } from './people';
import { roles } from './people';

export const peopleOperations = {
  /** The team with each person's progress and agreement with the others (Settings → People). */
  'people.list': read<TeamMember[]>()(z.object({}).strict()),
  /** Adds a person with a sign-in link of their own, or gives a person a new link (the old one stops working). */
  'people.add': write<PersonAdded>(['people'])(z.object({ name: annotatorName, role: z.enum(roles).default('auditor') }).strict()),
  /** Changes a person's role, effective from their next request; their link stays the same. */
  'people.setRole': write<Person>(['people'])(z.object({ name: annotatorName, role: z.enum(roles) }).strict()),
  /** Their link stops working at once, on open connections too; their labels stay theirs. */
  'people.revoke': write<Person>(['people'])(z.object({ name: annotatorName }).strict()),
  /** The person a serve process's printed URL signs in as: the first admin, made on a first start from the annotator setting or the OS user. */
  'people.owner': write<Person>(['people'])(z.object({ fallbackName: annotatorName }).strict()),
} as const;
