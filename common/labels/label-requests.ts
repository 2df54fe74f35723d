/**
 * Request schemas of labelling, used by the contract. The shape of a label's value is checked
 * here only loosely (any JSON): whether it is allowed depends on the schema's definition in
 * the corpus, which the worker checks.
 */
import { z } from 'zod';
import { labelTarget } from '../corpus/bundle';
import { boundedJson } from '../request-bounds';
import { labelSchemaDefinition, schemaName } from './label-schema';
import { densityChoices, themeChoices } from '../theme';

/** An annotator's name: it is stored with every label and travels in files, so a plain word. */
export const annotatorName = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'an annotator name is letters, digits, ".", "_" or "-" (at most 64), starting with a letter or digit');

const id = z.string().min(1).max(512);

export const labelTargetSet = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('library'), library: id }).strict(),
  z
    .object({
      kind: z.literal('filter'),
      library: id.optional(),
      category: z.string().min(1).max(64).optional(),
      family: z.enum(['error', 'performance']).optional(),
      query: z.string().max(10_000).optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('sample'),
      library: id.optional(),
      perCategory: z.number().int().min(1).max(10_000),
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31),
    })
    .strict(),
]);

export const labelAddRequest = z
  .object({
    annotator: annotatorName,
    schema: schemaName,
    target: labelTarget,
    value: boundedJson(10_000),
    reasons: z.array(z.string().min(1).max(64)).max(26).default([]),
    note: z.string().max(20_000).default(''),
    /** An adjudicator's resolution of a disagreement: a record of its own, the originals stay. */
    adjudication: z.boolean().default(false),
    /** The window's own id for this label: a retried save with the same id returns the record already made. */
    clientId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'letters, digits, - and _, 8 to 64 of them')
      .optional(),
  })
  .strict();

export const labelUndoRequest = z
  .object({
    annotator: annotatorName,
    schema: schemaName,
    /** Undo the annotator's last adjudication rather than their last label. */
    adjudication: z.boolean().default(false),
  })
  .strict();

export const labelQueueRequest = z
  .object({
    schema: schemaName,
    annotator: annotatorName,
    targetSet: labelTargetSet,
    /** Hide other annotators' labels on items this annotator has not labelled yet. */
    blind: z.boolean().default(true),
  })
  .strict();

export const labelHistoryRequest = z
  .object({
    annotator: annotatorName.optional(),
    schema: schemaName.optional(),
    target: labelTarget.optional(),
    offset: z.number().int().nonnegative().default(0),
    limit: z.number().int().positive().max(100_000).default(1000),
  })
  .strict();

export const labelMarkRequest = z
  .object({
    annotator: annotatorName,
    schema: schemaName,
    target: labelTarget,
    flagged: z.boolean().optional(),
    skipped: z.boolean().optional(),
  })
  .strict();

export const labelCursorRequest = z.object({ annotator: annotatorName, schema: schemaName, targetSet: labelTargetSet, target: labelTarget }).strict();

export const labelEvidenceRequest = z.object({ schema: schemaName, annotator: annotatorName, target: labelTarget, blind: z.boolean().default(true) }).strict();

export const labelSchemaSaveRequest = z.object({ name: schemaName, definition: labelSchemaDefinition }).strict();

export const settingsSetRequest = z
  .object({
    annotator: annotatorName.nullable().optional(),
    blind: z.boolean().optional(),
    theme: z.enum(themeChoices).optional(),
    density: z.enum(densityChoices).optional(),
  })
  .strict();

export const labelExportRequest = z
  .object({
    /** Where to write; without it, a new file in the exports folder beside the corpus (never one already there). */
    out: z.string().min(1).max(4096).optional(),
    format: z.enum(['bundle', 'csv']).default('bundle'),
    schema: schemaName.optional(),
    annotator: annotatorName.optional(),
  })
  .strict();

export const labelImportRequest = z
  .object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(1000), format: z.enum(['auto', 'bundle', 'csv']).default('auto') })
  .strict();
