/**
 * The people of a corpus (serve mode's team): who signs in, with which role. Every write is
 * made in the name of the session's person, never a name the client sends.
 */
import type { ThemeChoice } from '../theme';

/** Auditors label and audit; researchers also import, re-run and start pipeline runs; admins also manage people, hosts and the model key. */
export const roles = ['auditor', 'researcher', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Who a session is: the name every write is made in, and what they may do. */
export interface Person {
  name: string;
  role: Role;
}

/** The role as a sentence names it: "an auditor", "a researcher", "an admin". */
export function aRole(role: Role): string {
  return `${role === 'researcher' ? 'a' : 'an'} ${role}`;
}

/** Whether a person of `role` may run an operation that needs `required`: each role may do all that the ones before it may. */
export function roleAllows(role: Role, required: Role): boolean {
  return roles.indexOf(role) >= roles.indexOf(required);
}

/** One person of the team as Settings → People lists them. */
export interface TeamMember extends Person {
  createdAt: string;
  /** Whether a sign-in link of theirs is stored (the owner of a first start signs in through the printed URL instead). */
  hasLink: boolean;
  /** Whether their link was revoked: they no longer sign in, and their labels stay theirs. */
  revoked: boolean;
  /** Per label schema: items with their current label, and Cohen's kappa with each other annotator on their shared items. */
  progress: { schema: string; done: number; agreement: { with: string; items: number; kappa: number | null }[] }[];
}

/** A person just added: their sign-in secret, shown once (only its hash is stored). */
export interface PersonAdded extends Person {
  token: string;
}

/** What a person keeps for themself, whichever browser they sign in from. */
export interface PersonPreferences {
  blind: boolean;
  theme: ThemeChoice;
}
