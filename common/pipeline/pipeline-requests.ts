/**
 * Request schemas of the pipeline (mining, curation, judging, resume, replay), used by the
 * contract. Every run starts as a job: `wait` makes the call return only once the run has
 * ended, and `jobId` lets the caller cancel it (`jobs.cancel`) before the call returns.
 */
import { z } from 'zod';
import { benchmarkRoles } from '../corpus/bundle';
import { protectedCategory } from '../rubrics/category-key';
import { boundedRecord } from '../request-bounds';

const id = z.string().min(1).max(512);

/** The model of the miner and the judge when none is named; it must have a price in Settings for costs. */
export const defaultPipelineModel = 'claude-sonnet-5';

/** Limits of one execution of a run (docs/architecture.md "The model client"); every one is optional. */
export const pipelineLimits = z
  .object({
    /** Requests sent by this execution (answers reused from the ledger are free and not counted). */
    maxRequests: z.number().int().positive().optional(),
    maxUsd: z.number().positive().optional(),
    /** ISO date-time: calls still waiting give up, calls in flight are aborted, and the run stops (resumable). */
    deadline: z.iso.datetime({ offset: true }).optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
  })
  .strict();

const jobFields = {
  wait: z.boolean().default(false),
  jobId: z.string().min(1).max(128).optional(),
};

const modelFields = {
  model: z.string().min(1).max(128).default(defaultPipelineModel),
  limits: pipelineLimits.default({}),
};

/** Benchmarks whose rollouts may feed rubrics; held-out ones never should (the audit fails such a build). */
const roles = z.array(z.enum(benchmarkRoles)).min(1).max(benchmarkRoles.length).default(['mining']);
const mergeThreshold = z.number().gt(0).max(1).default(0.6);
const name = z.string().min(1).max(200).optional();

/** `pipeline.mine`: whole-rollout mining into a new `whole-rollout` library. */
export const pipelineMineRequest = z
  .object({
    /** Rollouts to mine, whatever their benchmark; without them, the rollouts with failures of `collection` (default all) on `roles` benchmarks. */
    rollouts: z.array(id).min(1).max(100_000).optional(),
    collection: id.optional(),
    roles,
    maxPerRollout: z.number().int().min(1).max(20).default(6),
    mergeThreshold,
    maxTokens: z.number().int().min(256).max(64_000).default(8192),
    name,
    ...modelFields,
    ...jobFields,
  })
  .strict();

/** `pipeline.curate`: a new frozen library by Quota (mining per category) or Filtered (cutting a library). */
export const pipelineCurateRequest = z.discriminatedUnion('method', [
  z
    .object({
      method: z.literal('quota'),
      targetSize: z.number().int().min(1).max(100_000),
      /** The pool whose failure mix the library matches (default every collection); its failures on `roles` benchmarks are mined. */
      collection: id.optional(),
      roles,
      maxPerFailure: z.number().int().min(1).max(20).default(6),
      /** Consecutive already-covered failures after which a category stops. */
      stopAfterCovered: z.number().int().min(1).max(1000).default(2),
      mergeThreshold,
      maxTokens: z.number().int().min(256).max(64_000).default(8192),
      name,
      ...modelFields,
      ...jobFields,
    })
    .strict(),
  z
    .object({
      method: z.literal('filtered'),
      /** The library to cut. */
      from: id,
      /** The pool whose failure mix it is cut to (default every collection). */
      collection: id.optional(),
      /** Default: the largest size at which no category the library has falls short of its share. */
      targetSize: z.number().int().min(1).max(100_000).optional(),
      name,
      ...jobFields,
    })
    .strict(),
]);

/** One case to judge: a rollout's program version (default: the one the step ran, else the last one the rollout ran). */
export const judgeTarget = z
  .object({
    rollout: id,
    step: z.number().int().nonnegative().optional(),
    program: z
      .object({ path: z.string().min(1).max(1024), version: z.number().int().nonnegative() })
      .strict()
      .optional(),
  })
  .strict();

/** `pipeline.judge`: the CWM judge on each case for the rubrics category-split retrieval picks from a library. */
export const pipelineJudgeRequest = z
  .object({
    library: id,
    targets: z.array(judgeTarget).min(1).max(10_000),
    collection: id.optional(),
    slots: z.number().int().min(1).max(100).default(12),
    protect: boundedRecord(protectedCategory, z.number().int().nonnegative().max(100), 100).default({}),
    maxTokens: z.number().int().min(256).max(64_000).default(4096),
    ...modelFields,
    ...jobFields,
  })
  .strict();

/** `pipeline.resume`: runs a stopped, cancelled, interrupted or failed run again; answers already in the ledger are reused, never paid twice. */
export const pipelineResumeRequest = z
  .object({
    run: id,
    /** Sends again a request whose earlier outcome is unknown (it may have been paid for). */
    resendUnresolved: z.boolean().default(false),
    /** Replaces the run's limits (a new deadline, say). */
    limits: pipelineLimits.optional(),
    ...jobFields,
  })
  .strict();
