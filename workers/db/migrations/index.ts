import { createHash } from 'node:crypto';
import { sql as initialSchema } from './001-initial-schema';
import { sql as categoryRules } from './002-category-rules';
import { sql as runs } from './003-runs';
import { sql as modelLedger } from './004-model-ledger';
import { sql as labelling } from './005-labelling';
import { sql as pipeline } from './006-pipeline';
import { sql as leaderboards } from './007-leaderboards';
import { sql as labelClientIds } from './008-label-client-ids';
import { sql as failureKinds } from './009-failure-kinds';
import { sql as rolloutFigures } from './010-rollout-figures';
import { sql as attemptSlots } from './011-attempt-slots';
import { sql as runAuditV2 } from './012-run-audit-v2';
import { sql as attemptEnvironment } from './013-attempt-environment';
import { sql as people } from './014-people';
import { sql as corpusCounts } from './015-corpus-counts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

function migration(version: number, name: string, sql: string): Migration {
  return { version, name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
}

/** Every migration in order. Append only: an applied migration's text is pinned by its checksum. */
export const migrations: readonly Migration[] = [
  migration(1, 'initial-schema', initialSchema),
  migration(2, 'category-rules', categoryRules),
  migration(3, 'runs', runs),
  migration(4, 'model-ledger', modelLedger),
  migration(5, 'labelling', labelling),
  migration(6, 'pipeline', pipeline),
  migration(7, 'leaderboards', leaderboards),
  migration(8, 'label-client-ids', labelClientIds),
  migration(9, 'failure-kinds', failureKinds),
  migration(10, 'rollout-figures', rolloutFigures),
  migration(11, 'attempt-slots', attemptSlots),
  migration(12, 'run-audit-v2', runAuditV2),
  migration(13, 'attempt-environment', attemptEnvironment),
  migration(14, 'people', people),
  migration(15, 'corpus-counts', corpusCounts),
];

export const latestSchemaVersion = migrations.length;
