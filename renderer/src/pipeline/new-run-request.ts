/**
 * The "Start a run" form as data: what is typed (text, so a half-typed number stays on
 * screen), checked field by field with messages a person can act on, and turned into the
 * `pipeline.mine` or `pipeline.curate` request. The backend validates again; these checks only
 * say sooner, beside the field, what it would refuse.
 */
import { defaultPipelineModel } from '../../../common/pipeline/pipeline-requests';
import type { PipelineStart } from './pipeline-store';

export type NewRunKind = 'mine' | 'quota' | 'filtered';

/** Whether a kind of run calls the model (and so needs a key in live mode). */
export function usesModel(kind: NewRunKind): boolean {
  return kind !== 'filtered';
}

export interface NewRunDraft {
  kind: NewRunKind;
  /** Collection id; '' is every collection. */
  collection: string;
  maxPerRollout: string;
  /** Required for Quota, optional for Filtered. */
  targetSize: string;
  /** The library a Filtered cut starts from. */
  from: string;
  model: string;
  maxUsd: string;
  maxRequests: string;
}

export type NewRunField = 'maxPerRollout' | 'targetSize' | 'from' | 'model' | 'maxUsd' | 'maxRequests';
export type NewRunErrors = Partial<Record<NewRunField, string>>;

/** Whole-rollout mining's default, as `pipeline.mine` has it. */
export const defaultMaxPerRollout = 6;

export function emptyDraft(kind: NewRunKind): NewRunDraft {
  return {
    kind,
    collection: '',
    maxPerRollout: String(defaultMaxPerRollout),
    targetSize: '',
    from: '',
    model: defaultPipelineModel,
    maxUsd: '',
    maxRequests: '',
  };
}

/** A whole number in [min, max], or the message saying what is wrong. */
function wholeNumber(text: string, min: number, max: number): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return 'a whole number';
  const n = Number(t);
  if (n < min || n > max) return `from ${min} to ${max.toLocaleString('en-US')}`;
  return n;
}

function dollars(text: string): number | string {
  const t = text.trim();
  if (!/^(\d+\.?\d*|\.\d+)$/.test(t)) return 'a dollar amount such as 2.50';
  const n = Number(t);
  return n > 0 ? n : 'more than $0';
}

/** The fields this kind shows, checked; an empty optional field is fine (the backend's default applies). */
export function draftErrors(draft: NewRunDraft): NewRunErrors {
  const errors: NewRunErrors = {};
  const check = (field: NewRunField, result: number | string) => {
    if (typeof result === 'string') errors[field] = result;
  };
  if (draft.kind === 'mine') check('maxPerRollout', wholeNumber(draft.maxPerRollout, 1, 20));
  if (draft.kind === 'quota')
    check('targetSize', draft.targetSize.trim() === '' ? 'the size of the library to build' : wholeNumber(draft.targetSize, 1, 100_000));
  if (draft.kind === 'filtered') {
    if (draft.from === '') errors.from = 'the library to cut';
    if (draft.targetSize.trim() !== '') check('targetSize', wholeNumber(draft.targetSize, 1, 100_000));
  }
  if (usesModel(draft.kind)) {
    const model = draft.model.trim();
    if (model === '') errors.model = 'a model id such as ' + defaultPipelineModel;
    else if (model.length > 128 || /\s/.test(model)) errors.model = 'a model id: no spaces, at most 128 characters';
    if (draft.maxUsd.trim() !== '') check('maxUsd', dollars(draft.maxUsd));
    if (draft.maxRequests.trim() !== '') check('maxRequests', wholeNumber(draft.maxRequests, 1, 1_000_000_000));
  }
  return errors;
}

/** The request a valid draft makes; call only when `draftErrors` is empty. `jobId` lets progress events be matched before the answer. */
export function draftRequest(draft: NewRunDraft, jobId: string): PipelineStart {
  const collection = draft.collection === '' ? {} : { collection: draft.collection };
  const size = draft.targetSize.trim() === '' ? undefined : Number(draft.targetSize.trim());
  const limits = {
    ...(draft.maxUsd.trim() === '' ? {} : { maxUsd: Number(draft.maxUsd.trim()) }),
    ...(draft.maxRequests.trim() === '' ? {} : { maxRequests: Number(draft.maxRequests.trim()) }),
  };
  const model = { model: draft.model.trim(), limits };
  const job = { wait: false, jobId };
  if (draft.kind === 'mine') return { op: 'pipeline.mine', request: { ...collection, maxPerRollout: Number(draft.maxPerRollout.trim()), ...model, ...job } };
  if (draft.kind === 'quota') return { op: 'pipeline.curate', request: { method: 'quota', targetSize: size!, ...collection, ...model, ...job } };
  return {
    op: 'pipeline.curate',
    request: { method: 'filtered', from: draft.from, ...collection, ...(size === undefined ? {} : { targetSize: size }), ...job },
  };
}
