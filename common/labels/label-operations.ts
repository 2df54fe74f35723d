/** The labelling operations of the contract (labels, agreement, settings), with their request schemas. */
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
  WorkbenchSettings,
} from './labels';
import { id, noParams, read, write } from '../operation';

export const labelOperations = {
  'labels.agreement': read<AgreementReport>()(z.object({ schema: z.string().min(1) }).strict()),
  /** Label schemas, newest version of each, with the values an annotator picks from. */
  'labels.schemas': read<LabelSchema[]>()(noParams),
  /** Saves a schema definition as its next version (Settings); labels keep the version they were made under. */
  'labels.schemaSave': write<LabelSchema>(['label_schemas', 'labels'])(labelSchemaSaveRequest),
  /** Validates a label against its schema and commits it before answering; returns the stored record. */
  'labels.add': write<StoredLabel>(['labels', 'label_client_ids'])(labelAddRequest),
  /** Undoes the annotator's latest label under a schema with a record that retracts it (history is never deleted). */
  'labels.undo': write<LabelUndoResult>(['labels', 'label_client_ids'])(labelUndoRequest),
  /** A target set's items under a schema, the annotator's state on each, where they left off, progress. */
  'labels.queue': read<LabelQueue>()(labelQueueRequest),
  /** Every label record the filters select, oldest first (superseded and retracted ones included). */
  'labels.history': read<{ total: number; labels: StoredLabel[]; annotators: string[] }>()(labelHistoryRequest),
  'labels.mark': write<{ flagged: boolean; skipped: boolean }>(['label_marks'])(labelMarkRequest),
  /** Remembers the item an annotator is on, so the queue resumes there. */
  'labels.cursor': write<{ saved: true }>(['label_cursors'])(labelCursorRequest),
  /** The evidence pane of one item: source rollouts, program lines, checked citations; others' labels unless blind. */
  'labels.evidence': read<LabelEvidence>()(labelEvidenceRequest),
  /** Agreement under a schema overall and per category. */
  'labels.agreementDetail': read<AgreementDetail>()(z.object({ schema: schemaName }).strict()),
  /** Items whose annotators disagree, with their labels and current adjudication. */
  'labels.disagreements': read<Disagreement[]>()(z.object({ schema: schemaName }).strict()),
  'labels.export': read<LabelExportResult>()(labelExportRequest),
  /** Imports label files (bundle v1 or CSV), each atomically and idempotently. */
  'labels.import': write<{ files: LabelImportFileResult[] }>(['labels', 'label_client_ids', 'imports'])(labelImportRequest),
  'settings.get': read<WorkbenchSettings>()(noParams),
  'settings.set': write<WorkbenchSettings>(['user_settings', 'person_settings'])(settingsSetRequest),
  /** A rollout's run audits, and the annotator's as a Markdown report with its evidence links. */
  'labels.auditReport': read<RunAuditReport>()(z.object({ rollout: id, annotator: annotatorName }).strict()),
} as const;
