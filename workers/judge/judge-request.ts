/**
 * The CWM judge's request: a program and its task's static facts, and the rubrics retrieved
 * for it; a verdict per rubric back through a forced tool, with a predicted exception class
 * when an error rubric fires and citations into the program.
 */
import { z } from 'zod';
import type { RubricFamily } from '../../common/rubrics/rubric-types';
import type { StructuredRequest } from '../model/model-request';
import { formatRubricText, type RubricText } from '../curation/rubric-format';
import { attr, citationRules, metricText, programBlock } from '../mining/prompt-text';
import type { JudgeCase } from './judge-input';

/** The tool the judge must call. */
export const judgeTool = 'record_verdicts';

/** A rubric as the judge reads it. */
export interface JudgedRubric extends RubricText {
  id: string;
  family: RubricFamily;
}

/** The verdicts a judge may give; `unknown` is the workbench's own, for a missing answer. */
export const judgeVerdicts = ['fires', 'does_not_fire', 'not_applicable', 'insufficient_evidence'] as const;

/** The answer schema: one verdict per rubric, rubric ids limited to those asked about. */
export function judgeAnswerSchema(rubricIds: readonly [string, ...string[]]) {
  return z.strictObject({
    verdicts: z.array(
      z.strictObject({
        rubric: z.enum(rubricIds),
        verdict: z.enum(judgeVerdicts),
        predictedException: z.string().nullable().describe('for an error rubric that fires: the exception class the program will raise; else null'),
        rationale: z.string().min(1),
        citations: z.array(
          z.strictObject({
            program: z.string(),
            lineStart: z.number().int(),
            lineEnd: z.number().int(),
            quote: z.string(),
          }),
        ),
      }),
    ),
  });
}

/** The judge's answer as validated. */
export type JudgeAnswerValue = z.infer<ReturnType<typeof judgeAnswerSchema>>;

const system = [
  'You are a coding world model: you predict what a program will do without running it. You see one program, the',
  "task it was written for and the task's static facts (files, columns and dtypes, row counts, installed packages),",
  'never any output. For each rubric, decide whether it fires on this program:',
  '- `fires`: the program makes the mistake the rubric describes, in a situation where it applies;',
  '- `does_not_fire`: the rubric applies and the program avoids the mistake;',
  '- `not_applicable`: the situation of the rubric does not arise for this program and task;',
  '- `insufficient_evidence`: the program and facts do not settle it.',
  'When an error rubric fires, name the exception class the program will raise (e.g. `KeyError`), else null.',
  citationRules,
  'Cite the lines a verdict rests on; a verdict of `fires` needs at least one citation.',
].join('\n');

function rubricBlock(r: JudgedRubric): string {
  return `<rubric id="${attr(r.id)}" family="${r.family}">\n${formatRubricText(r)}\n</rubric>`;
}

/** The structured request judging `rubrics` on the case's program. */
export function judgeRequest(
  input: JudgeCase,
  rubrics: readonly [JudgedRubric, ...JudgedRubric[]],
  options: { model: string; maxTokens: number },
): StructuredRequest<JudgeAnswerValue> {
  const metric = metricText(input.metric, input.higherIsBetter);
  const message = [
    `<task id="${attr(input.task)}">`,
    `<statement>\n${input.statement}\n</statement>`,
    `<metric>${metric}</metric>`,
    `<static_facts>${input.facts}</static_facts>`,
    '</task>',
    programBlock(input.program),
    ...rubrics.map(rubricBlock),
    `<instructions>Give exactly one verdict for each of the ${rubrics.length} rubrics, with the ${judgeTool} tool.</instructions>`,
  ].join('\n');
  const ids = rubrics.map((r) => r.id) as [string, ...string[]];
  return {
    purpose: 'judge',
    model: options.model,
    system,
    messages: [{ role: 'user', content: message }],
    tool: { name: judgeTool, description: 'Record one verdict per rubric.', schema: judgeAnswerSchema(ids) },
    maxTokens: options.maxTokens,
  };
}
