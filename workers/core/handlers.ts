import type { OperationName } from '../../common/contract';
import type { Handler } from '../context/handlers-of';
import { compareRolloutsHandlers } from '../compare-rollouts/handlers';
import { corpusHandlers } from '../corpus/handlers';
import { exportHandlers } from '../export/handlers';
import { importHandlers } from '../import/handlers';
import { labelHandlers } from '../labels/handlers';
import { modelHandlers } from '../model/handlers';
import { peopleHandlers } from '../people/handlers';
import { pipelineHandlers } from '../pipeline/handlers';
import { retrievalHandlers } from '../retrieval/handlers';
import { rubricHandlers } from '../rubrics/handlers';
import { runHandlers } from '../runs/handlers';
import { searchHandlers } from '../search/handlers';
import { taxonomyHandlers } from '../taxonomy/handlers';

export type Handlers = { [K in OperationName]: Handler<K> };

/** The implementation of every operation of the contract, composed from each domain's; the compiler checks none is missing. */
export const handlers: Handlers = {
  ...corpusHandlers,
  ...importHandlers,
  ...exportHandlers,
  ...compareRolloutsHandlers,
  ...searchHandlers,
  ...rubricHandlers,
  ...taxonomyHandlers,
  ...retrievalHandlers,
  ...labelHandlers,
  ...runHandlers,
  ...modelHandlers,
  ...pipelineHandlers,
  ...peopleHandlers,
};
