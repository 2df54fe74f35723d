import type { ParsedRequestOf } from '../../../common/contract';
import type { RerunStarted } from '../../../common/runs/run-types';
import type { HandlerContext } from '../../context/handler-context';
import { createCase } from '../case-queries';
import { createExperiment } from '../run-experiments';
import type { RunContext } from '../run-service/run-service';

/**
 * One click from a program version: the case (or the identical one already stored), an
 * experiment with the one arm `original` and `repeats` slots, and its run on `backend`.
 */
export async function rerun(req: ParsedRequestOf<'runs.rerun'>, ctx: RunContext & Pick<HandlerContext, 'runs'>): Promise<RerunStarted> {
  const { rollout, path, version } = req;
  const created = await ctx.writes.run(async () => {
    const c = createCase(ctx.db, { program: { rollout, path, version }, command: req.command, timeoutS: req.timeoutS, score: req.score, dataDir: req.dataDir });
    const experiment = createExperiment(ctx.db, {
      name: `Rerun of ${path} v${version} (${rollout}) on ${req.backend}`,
      arms: ['original'],
      repeats: req.repeats,
      cases: [c.id],
      variants: [],
    });
    return { case: c, experiment: experiment.id };
  });
  const { created: _created, ...summary } = created.case;
  const run = await ctx.runs.start(
    {
      experiment: created.experiment,
      backend: req.backend,
      continue: false,
      slurm: req.slurm,
      parallel: req.parallel,
      hosts: req.hosts,
      diskReserveGb: req.diskReserveGb,
      wait: req.wait,
      jobId: req.jobId,
    },
    ctx,
  );
  return { ...run, case: summary };
}
