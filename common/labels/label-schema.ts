/**
 * Label schemas as data (docs/domain.md "Label"): what a schema's labels may hold, stored in
 * the corpus (`label_schemas`, one row per version) and edited in Settings. The worker
 * validates every label against its schema's definition; the Label queue screen builds its
 * keys from it. Saving a definition makes a new version; labels keep the version they were made under.
 */
import { z } from 'zod';

/** A schema name: also a bundle label's `schema` field and a CLI argument. */
export const schemaName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'a schema name is lower-case letters, digits and "_", starting with a letter');

/** Keys the queue keeps for its own actions; a reason's letter may not take one. */
export const reservedQueueKeys = ['a', 'r', 'j', 'k', 'u', 's', 'f', 'n', 'g'] as const;

const code = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'a code is lower-case letters, digits and "_", starting with a letter');

/** One allowed value of a choice schema (or status of a run-audit scope). */
export const labelOption = z
  .object({
    value: code,
    label: z.string().min(1).max(200),
    /** Markdown shown beside the item while labelling. */
    guideline: z.string().max(20_000).default(''),
  })
  .strict();

/** A reason code of a verdict (for a reject); `key` is the letter that toggles it in the queue. */
export const labelReason = z
  .object({
    code,
    label: z.string().min(1).max(200),
    key: z.string().regex(/^[a-z]$/, 'a reason key is one lower-case letter'),
    guideline: z.string().max(20_000).default(''),
  })
  .strict();

/** One row of a run audit: a scope checked, with its own status, evidence and impact. */
export const auditScope = z.object({ value: code, label: z.string().min(1).max(200), guideline: z.string().max(20_000).default('') }).strict();

/**
 * What a label's value may be: a code of the taxonomy the label is made under (`taxonomy`), one
 * of a fixed list (`choice`, number keys in list order), or a run-audit form with one status
 * per scope (`scopes`).
 */
export const labelValueRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('taxonomy') }).strict(),
  z.object({ kind: z.literal('choice'), options: z.array(labelOption).min(2).max(9) }).strict(),
  z.object({ kind: z.literal('scopes'), scopes: z.array(auditScope).min(1).max(40), statuses: z.array(labelOption).min(2).max(9) }).strict(),
]);

/** What a schema's items are: rubrics, a rubric judged on one program version, or a rollout. */
export const labelTargetKinds = ['rubric', 'rubric_program', 'rollout'] as const;

export const labelSchemaDefinition = z
  .object({
    title: z.string().min(1).max(200),
    /** Markdown: what the schema is for and how to decide; shown beside every item. */
    guideline: z.string().max(50_000).default(''),
    target: z.enum(labelTargetKinds),
    value: labelValueRule,
    reasons: z.array(labelReason).max(26).default([]),
    /** Values that need at least one reason (a reject says why). */
    reasonsRequiredFor: z.array(code).max(64).default([]),
    /** Statuses of a run-audit form whose scope must carry evidence (a confirmed finding shows it). */
    evidenceRequiredFor: z.array(code).max(64).default([]),
    /** Statuses whose scope must say what the finding does to the reported scores. */
    impactRequiredFor: z.array(code).max(64).default([]),
    /** How many annotators each item should get; items below it come first for a second annotator. */
    overlapTarget: z.number().int().min(1).max(10).default(1),
  })
  .strict()
  .superRefine((def, ctx) => {
    const keys = new Set<string>();
    const codes = new Set<string>();
    def.reasons.forEach((r, i) => {
      if ((reservedQueueKeys as readonly string[]).includes(r.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['reasons', i, 'key'],
          message: `"${r.key}" is a queue key (${reservedQueueKeys.join(' ')}); pick another letter`,
        });
      }
      if (keys.has(r.key)) ctx.addIssue({ code: 'custom', path: ['reasons', i, 'key'], message: `the key "${r.key}" is used twice` });
      if (codes.has(r.code)) ctx.addIssue({ code: 'custom', path: ['reasons', i, 'code'], message: `the reason "${r.code}" appears twice` });
      keys.add(r.key);
      codes.add(r.code);
    });
    const statuses = def.value.kind === 'scopes' ? def.value.statuses.map((st) => st.value) : [];
    for (const field of ['evidenceRequiredFor', 'impactRequiredFor'] as const) {
      def[field].forEach((v, i) => {
        if (!statuses.includes(v))
          ctx.addIssue({
            code: 'custom',
            path: [field, i],
            message: statuses.length
              ? `"${v}" is not one of the statuses (${statuses.join(', ')})`
              : 'only a run-audit (scopes) schema has statuses to require evidence for',
          });
      });
    }
    if (def.value.kind === 'choice') {
      const values = def.value.options.map((o) => o.value);
      values.forEach((v, i) => {
        if (values.indexOf(v) !== i) ctx.addIssue({ code: 'custom', path: ['value', 'options', i, 'value'], message: `the value "${v}" appears twice` });
      });
      def.reasonsRequiredFor.forEach((v, i) => {
        if (!values.includes(v)) ctx.addIssue({ code: 'custom', path: ['reasonsRequiredFor', i], message: `"${v}" is not one of the values` });
      });
    }
  });

export type LabelOption = z.infer<typeof labelOption>;
export type LabelReason = z.infer<typeof labelReason>;
export type LabelTargetKind = (typeof labelTargetKinds)[number];
export type LabelSchemaDefinition = z.infer<typeof labelSchemaDefinition>;

/** A run audit's value: every scope of the schema with its status, evidence and impact. */
export type RunAuditValue = Record<string, { status: string; evidence: string; impact: string }>;

/** One version of a schema as the corpus holds it. */
export interface LabelSchema {
  name: string;
  version: number;
  /** The taxonomy a `taxonomy` schema draws its values from; null: the corpus's newest. */
  taxonomyVersion: string | null;
  createdAt: string;
  definition: LabelSchemaDefinition;
  /**
   * The values an annotator picks from, in key order (number keys 1, 2, ...): a `taxonomy`
   * schema's categories (with their guidelines), a `choice` schema's options, a `scopes`
   * schema's statuses.
   */
  options: LabelOption[];
  /** The taxonomy version the options came from, for a `taxonomy` schema. */
  optionsTaxonomy: string | null;
}
