/**
 * The AIDE journal format (github.com/WecoAI/aideml, `journal.json`): `{nodes, node2parent,
 * __version}`. Each node is one solution AIDE drafted, debugged or improved, with its
 * code, its captured output and AIDE's review of it. Only the fields the importer maps
 * are checked; the rest pass through (`looseObject`) to be kept in `extra`.
 */
import { z } from 'zod';

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
 * True when a file's head looks like an AIDE journal. AIDE writes `node2parent` after
 * every node, so beyond the first 64 KiB of a large journal only the opening
 * `{"nodes": [` and the first node's AIDE-specific fields are visible.
 */
export function looksLikeAideJournal(head: string): boolean {
  if (!/^\s*\{/.test(head)) return false;
  if (/"nodes"\s*:\s*\[/.test(head) && /"node2parent"\s*:/.test(head)) return true;
  return /^\s*\{\s*"nodes"\s*:\s*\[/.test(head) && /"(_term_out|exc_stack|is_buggy)"\s*:/.test(head);
}
