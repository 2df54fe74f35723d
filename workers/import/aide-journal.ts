/**
 * The AIDE journal format (github.com/WecoAI/aideml, `journal.json`): `{nodes, node2parent,
 * __version}`. Each node is one solution AIDE drafted, debugged or improved, with its
 * code, its captured output and AIDE's review of it. Only the fields the importer maps
 * are checked; the rest pass through (`looseObject`) to be kept in `extra`.
 */
import { z } from 'zod';
import { type Shape } from './json-shape';
import { member } from './shape-queries';

const aideFrame = z.tuple([z.string(), z.number().int().nullable(), z.string(), z.string().nullable()]);

/** One node of the search tree. */
export const aideNode = z
  .looseObject({
    id: z.string().min(1).optional(),
    /** The program; some AIDE variants store it in a file beside the journal and name it in `code_file` instead. */
    code: z.string().optional(),
    code_file: z.string().optional(),
    /** Terminal output as AIDE captured it: chunks to be concatenated, newlines included. */
    _term_out: z.array(z.string()).nullable().optional(),
    /** Seconds. */
    exec_time: z.number().nonnegative().nullable().optional(),
    exc_type: z.string().min(1).nullable().optional(),
    exc_info: z.record(z.string(), z.unknown()).nullable().optional(),
    exc_stack: z.array(aideFrame).nullable().optional(),
    metric: z.looseObject({ value: z.unknown().optional(), maximize: z.boolean().nullable().optional() }).nullable().optional(),
    is_buggy: z.boolean().nullable().optional(),
    analysis: z.string().nullable().optional(),
  })
  .refine((n) => n.code !== undefined || n.code_file !== undefined, { message: 'a node needs its code (code or code_file)', path: ['code'] });

/** A whole journal. AIDE serialises the tree as `node2parent` (child id to parent id) and clears each node's own links. */
export const aideJournal = z.looseObject({
  nodes: z.array(aideNode),
  node2parent: z.record(z.string(), z.string()).default({}),
  /** The task description, under the name AIDE's agent gives it. AIDE's own `journal.json` leaves it out, so it is usually absent. */
  task_desc: z.string().optional(),
});

/** A node as parsed, its unchecked fields included. */
export type AideNode = z.infer<typeof aideNode>;
/** A journal as parsed, `node2parent` defaulted to no links. */
export type AideJournal = z.infer<typeof aideJournal>;

/**
 * True when a document is shaped like an AIDE journal: its `nodes` with their links
 * (`node2parent`), or nodes carrying AIDE's own fields (a journal of one node may have no links).
 */
export function isAideJournal(value: Shape | null): boolean {
  const nodes = member(value, 'nodes');
  if (nodes?.kind !== 'array') return false;
  return member(value, 'node2parent')?.kind === 'object' || nodes.items.some((n) => aideFields.some((k) => member(n, k) !== undefined));
}

const aideFields = ['_term_out', 'exc_stack', 'is_buggy'];
