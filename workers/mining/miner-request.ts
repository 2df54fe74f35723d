/**
 * The miner's request (docs/domain.md "Rubric", docs/definitions.md "Curation"): a rollout's task, failures and
 * programs in, up to N rubrics out through a forced tool, each in the `### Title` / Applies
 * when / Pattern form with citations into the programs shown. The answer's schema is lenient
 * about content (an unknown category, a bad line number) so that one weak rubric is a funnel
 * rejection with a reason rather than a lost answer; only its shape and the count are enforced.
 */
import { z } from 'zod';
import type { TaxonomyCategory } from '../../common/rubrics/rubric-types';
import type { StructuredRequest } from '../model/model-request';
import type { MiningCase, MiningFailure } from './mining-input';
import { attr, citationRules, metricText, programBlock } from './prompt-text';

/** The tool the miner must call. */
export const minerTool = 'record_rubrics';

const citation = z.strictObject({
  program: z.string().describe('sha256 of the cited <program> block'),
  lineStart: z.number().int(),
  lineEnd: z.number().int(),
  quote: z.string().describe('text copied exactly from the cited lines'),
});

/** The miner's answer for at most `max` rubrics. */
export function minerAnswerSchema(max: number) {
  return z.strictObject({
    rubrics: z
      .array(
        z.strictObject({
          text: z.string().describe('the rubric in the ### Title / - **Applies when**: / - **Pattern**: / optional - **Fix**: form'),
          family: z.enum(['error', 'performance']),
          category: z.string().describe('a category code of the taxonomy'),
          citations: z.array(citation),
        }),
      )
      .max(max),
  });
}

/** The miner's answer as validated. */
export type MinerAnswerValue = z.infer<ReturnType<typeof minerAnswerSchema>>;

/** What a miner call is about: a whole rollout, or one failure of it in one category (Quota). */
export interface MinerFocus {
  failure: number;
  category: TaxonomyCategory;
}

/** How a miner call is made: model, budget, rubric count, taxonomy, and the Quota focus. */
export interface MinerRequestOptions {
  model: string;
  maxTokens: number;
  maxRubrics: number;
  taxonomy: readonly TaxonomyCategory[];
  focus?: MinerFocus;
}

function system(options: MinerRequestOptions): string {
  const categories = options.taxonomy.map((c) => `- ${c.code}: ${c.name} (${c.family})`).join('\n');
  return [
    'You mine rubrics from the rollouts of a coding agent. A rubric is a short, reusable lesson about how such agents fail,',
    "written so that a judge reading only a program and its task's static facts (file names, columns, dtypes, row counts,",
    'installed packages) could tell whether the lesson applies before the program runs.',
    '',
    'Write each rubric as Markdown in exactly this form:',
    '### <title: one line naming the mistake>',
    "- **Applies when**: <the situation, in terms of the task and the program, never this rollout's outputs>",
    '- **Pattern**: <what the program does wrong and what then happens>',
    '- **Fix**: <optional: one suggested edit>',
    '',
    'Family: `error` for lessons about a command failing (an exception, a missing package, a time-out), `performance`',
    'for lessons about a valid program that scores worse than it could. Category: one code of this taxonomy:',
    categories,
    '',
    citationRules,
    "Every rubric needs at least one citation showing where the rollout's programs make the mistake. Generalise: no",
    'rollout ids, file paths of this sandbox or exact numbers that only hold here. Fewer good rubrics beat many weak ones.',
  ].join('\n');
}

function failureBlock(f: MiningFailure, focus: number | undefined): string {
  const attrs = [`id="${f.id}"`, `step="${f.step ?? 'grading'}"`, `kind="${attr(f.kind)}"`];
  if (f.program) attrs.push(`program="${f.program.sha256}"`, `path="${attr(f.program.path)}"`, `version="${f.program.version}"`);
  if (f.program?.line != null) attrs.push(`line="${f.program.line}"`);
  if (focus === f.id) attrs.push('focus="true"');
  const parts = [
    f.command === null ? null : `<command>${f.command}</command>`,
    f.exceptionClass === null && f.message === null ? null : `<exception>${[f.exceptionClass, f.message].filter((t) => t !== null).join(': ')}</exception>`,
    f.traceback === null ? null : `<traceback>\n${f.traceback}\n</traceback>`,
    f.cause === null ? null : `<cause>${f.cause}</cause>`,
  ].filter((p): p is string => p !== null);
  return `<failure ${attrs.join(' ')}>\n${parts.join('\n')}\n</failure>`;
}

/** The user message: task, rollout, failures, programs and what to write. */
export function minerMessage(input: MiningCase, options: MinerRequestOptions): string {
  const metric = metricText(input.metric, input.higherIsBetter);
  const focus = options.focus;
  const ask = focus
    ? `Write up to ${options.maxRubrics} rubrics in category ${focus.category.code} (${focus.category.name}) about the failure marked focus="true"; use the others only as context.` +
      (focus.category.guideline ? `\nCategory guideline: ${focus.category.guideline}` : '')
    : `Write up to ${options.maxRubrics} rubrics about the failures of this rollout, and about why its answer was graded ${input.grade ?? 'as it was'}.`;
  return [
    `<task id="${attr(input.task)}" benchmark="${attr(input.benchmark)}">`,
    `<statement>\n${input.statement}\n</statement>`,
    `<metric>${metric}</metric>`,
    `<static_facts>${input.facts}</static_facts>`,
    '</task>',
    `<rollout id="${attr(input.rollout)}" grade="${attr(input.grade ?? 'ungraded')}">`,
    input.graderVerdict === null ? '' : `<grader_verdict>${input.graderVerdict}</grader_verdict>`,
    '</rollout>',
    ...input.failures.map((f) => failureBlock(f, focus?.failure)),
    ...input.programs.map(programBlock),
    `<instructions>${ask} Answer with the ${minerTool} tool.</instructions>`,
  ]
    .filter((line) => line !== '')
    .join('\n');
}

/** The structured request for one miner call. */
export function minerRequest(input: MiningCase, options: MinerRequestOptions): StructuredRequest<MinerAnswerValue> {
  return {
    purpose: options.focus ? 'mine-quota' : 'mine',
    model: options.model,
    system: system(options),
    messages: [{ role: 'user', content: minerMessage(input, options) }],
    tool: { name: minerTool, description: 'Record the rubrics mined from this rollout.', schema: minerAnswerSchema(options.maxRubrics) },
    maxTokens: options.maxTokens,
  };
}
