/** The labelling operations of the contract (labels, agreement, settings, taxonomy versions), with their request schemas. */
import { z } from 'zod';
import type { AgreementReport } from './agreement-report';
import {
  annotatorName,
  labelAddRequest,
  labelCursorRequest,
  labelEvidenceRequest,
  labelExportRequest,
  labelHistoryRequest,
  labelImportRequest,
  labelMarkRequest,
  labelQueueRequest,
  labelSchemaSaveRequest,
  labelUndoRequest,
  settingsSetRequest,
  taxonomySaveRequest,
} from './label-requests';
import type { LabelSchema } from './label-schema';
import { schemaName } from './label-schema';
import type {
  AgreementDetail,
  Disagreement,
  LabelEvidence,
  LabelExportResult,
  LabelImportFileResult,
  LabelQueue,
  LabelUndoResult,
  RunAuditReport,
  StoredLabel,
  TaxonomySaved,
  WorkbenchSettings,
} from './labels';
import { id, noParams, op } from '../operation';

export const labelOperations = {
  'labels.agreement': op<AgreementReport>()(z.object({ schema: z.string().min(1) }).strict()),
  /** Label schemas, newest version of each, with the values an annotator picks from. */
  'labels.schemas': op<LabelSchema[]>()(noParams),
  /** Saves a schema definition as its next version (Settings); labels keep the version they were made under. */
  'labels.schemaSave': op<LabelSchema>()(labelSchemaSaveRequest),
  /** Validates a label against its schema and commits it before answering; returns the stored record. */
  'labels.add': op<StoredLabel>()(labelAddRequest),
  /** Undoes the annotator's latest label under a schema with a record that retracts it (history is never deleted). */
  'labels.undo': op<LabelUndoResult>()(labelUndoRequest),
  /** A target set's items under a schema, the annotator's state on each, where they left off, progress. */
  'labels.queue': op<LabelQueue>()(labelQueueRequest),
  /** Every label record the filters select, oldest first (superseded and retracted ones included). */
  'labels.history': op<{ total: number; labels: StoredLabel[]; annotators: string[] }>()(labelHistoryRequest),
  'labels.mark': op<{ flagged: boolean; skipped: boolean }>()(labelMarkRequest),
  /** Remembers the item an annotator is on, so the queue resumes there. */
  'labels.cursor': op<{ saved: true }>()(labelCursorRequest),
  /** The evidence pane of one item: source rollouts, program lines, checked citations; others' labels unless blind. */
  'labels.evidence': op<LabelEvidence>()(labelEvidenceRequest),
  /** Agreement under a schema overall and per category. */
  'labels.agreementDetail': op<AgreementDetail>()(z.object({ schema: schemaName }).strict()),
  /** Items whose annotators disagree, with their labels and current adjudication. */
  'labels.disagreements': op<Disagreement[]>()(z.object({ schema: schemaName }).strict()),
  'labels.export': op<LabelExportResult>()(labelExportRequest),
  /** Imports label files (bundle v1 or CSV), each atomically and idempotently. */
  'labels.import': op<{ files: LabelImportFileResult[] }>()(labelImportRequest),
  'settings.get': op<WorkbenchSettings>()(noParams),
  'settings.set': op<WorkbenchSettings>()(settingsSetRequest),
  /** A rollout's run audits, and the annotator's as a Markdown report with its evidence links. */
  'labels.auditReport': op<RunAuditReport>()(z.object({ rollout: id, annotator: annotatorName }).strict()),
  /** A new taxonomy version (Settings); labels naming a split or merged category are flagged for review, never rewritten. */
  'taxonomy.save': op<TaxonomySaved>()(taxonomySaveRequest),
} as const;
