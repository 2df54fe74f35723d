/** The labelling operations: schemas, labels, queues, agreement, label files and settings. */
import { agreement } from './agreement-query';
import { agreementDetail } from './agreement-detail';
import { auditReport } from './audit-report';
import { addLabel, undoLabel } from './commit-label';
import { listDisagreements } from './disagreements';
import { labelEvidence } from './label-evidence';
import { exportLabels, importLabelFiles } from './label-files';
import { labelHistory } from './label-history';
import { buildQueue } from './label-queue';
import { listSchemas, saveSchema } from '../label-schemas/label-schemas';
import { saveCursor, saveMark } from './queue-marks';
import { getSettings, setSettings } from './user-settings';
import { written } from '../context/written';
import type { HandlersOf } from '../context/handlers-of';
import type { labelOperations } from '../../common/labels/label-operations';

export const labelHandlers = {
  'labels.agreement': (req, { db }) => agreement(db, req.schema),
  'labels.schemas': (_req, { db }) => listSchemas(db),
  'labels.schemaSave': (req, ctx) => written(ctx, () => saveSchema(ctx.db, req.name, req.definition)),
  'labels.add': (req, ctx) => written(ctx, () => addLabel(ctx.db, req)),
  'labels.undo': (req, ctx) => written(ctx, () => undoLabel(ctx.db, req)),
  'labels.queue': (req, { db }) => buildQueue(db, req),
  'labels.history': (req, { db }) => labelHistory(db, req),
  'labels.mark': (req, ctx) => written(ctx, () => saveMark(ctx.db, req)),
  'labels.cursor': (req, ctx) => written(ctx, () => (saveCursor(ctx.db, req), { saved: true as const })),
  'labels.evidence': (req, { db }) => labelEvidence(db, req),
  'labels.agreementDetail': (req, { db }) => agreementDetail(db, req.schema),
  'labels.disagreements': (req, { db }) => listDisagreements(db, req.schema),
  'labels.export': (req, { db, dbPath }) => exportLabels(db, dbPath, req),
  'labels.import': (req, ctx) => ctx.writes.run(async () => ({ files: await importLabelFiles(ctx.db, req) })),
  'settings.get': (_req, { db, person }) => getSettings(db, person),
  'settings.set': (req, ctx) => written(ctx, () => setSettings(ctx.db, req, ctx.person)),
  'labels.auditReport': (req, { db }) => auditReport(db, req.rollout, req.annotator),
} satisfies HandlersOf<typeof labelOperations>;
