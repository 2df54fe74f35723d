import type { ParsedRequestOf } from '../../common/contract';
import type { ImportResult } from '../../common/corpus/corpus-types';
import { toErrorData } from '../../common/errors';
import { emptyImportResult, importFile } from './import-file';
import type { HandlerContext } from '../context/handler-context';

/**
 * Imports files one after another, each atomically: a file that fails is reported with its
 * error and the others still land. Cancelling stops the current file (rolled back) and skips the rest.
 */
export function runImportJob(req: ParsedRequestOf<'import.files'>, ctx: HandlerContext): Promise<ImportResult> {
  // The job exists (and can be cancelled) while it waits for the write lock.
  return ctx.jobs.run('import', req.jobId, (job) =>
    ctx.writes.run(async () => {
      const files = [];
      const total = req.paths.length;
      for (const [i, path] of req.paths.entries()) {
        if (job.signal.aborted) {
          files.push({ ...emptyImportResult(path, req.format), error: { code: 'cancelled' as const, message: `${path}: skipped, the import was cancelled` } });
          continue;
        }
        job.progress({ phase: 'running', done: i, total, message: `importing ${path}` });
        // A file that fails after its format was recognised says which importer read it.
        let format: string = req.format;
        try {
          const result = await importFile(ctx.db, path, {
            format: req.format,
            signal: job.signal,
            onFormat: (chosen) => (format = chosen),
            onProgress: (records) => job.progress({ phase: 'running', done: i, total, message: `${path}: ${records} records read` }),
            onCommitted: () => ctx.writes.announce(),
          });
          files.push(result);
        } catch (err) {
          files.push({ ...emptyImportResult(path, format), error: toErrorData(err) });
        }
      }
      const failed = files.filter((f) => f.error).length;
      job.progress({
        phase: job.signal.aborted ? 'cancelled' : failed === total ? 'failed' : 'done',
        done: total,
        total,
        message: failed ? `${total - failed} of ${total} file(s) imported, ${failed} failed` : `${total} file(s) imported`,
      });
      return { files };
    }),
  );
}
