/**
 * The rubric text format of the seeds (docs/domain.md): a `### Title` line, then
 * `- **Applies when**: ...`, `- **Pattern**: ...` and optionally `- **Fix**: ...`, each
 * field possibly running over several lines. Pure; the format check of the curation funnel.
 */

/** A rubric's text fields. */
export interface RubricText {
  title: string;
  appliesWhen: string;
  pattern: string;
  fix: string | null;
}

/** What can be wrong with a rubric's text; one proposal may have several. */
export type FormatProblem =
  | 'missing_title'
  | 'text_before_title'
  | 'title_too_long'
  | 'more_than_one_rubric'
  | 'stray_text'
  | 'unknown_field'
  | 'repeated_field'
  | 'missing_applies_when'
  | 'empty_applies_when'
  | 'missing_pattern'
  | 'empty_pattern'
  | 'empty_fix';

/** A rubric's fields, or every problem its text has. */
export type ParsedRubric = { ok: true; rubric: RubricText } | { ok: false; problems: FormatProblem[] };

/** Titles are one line a reader scans in a table; longer ones are a paragraph in the wrong place. */
export const maxTitleChars = 160;

const titleLine = /^###\s+(.*\S)\s*$/;
/** `- **Label**: text`, also with the colon inside the bold (`- **Label:** text`). */
const fieldLine = /^\s*[-*]\s+\*\*\s*([^*:]+?)\s*:?\s*\*\*\s*:?\s*(.*)$/;
const fields = { 'applies when': 'appliesWhen', pattern: 'pattern', fix: 'fix' } as const;
type Field = (typeof fields)[keyof typeof fields];

/** Parses a rubric's text, listing every problem (in the order found) rather than only the first. */
export function parseRubricText(text: string): ParsedRubric {
  const problems = new Set<FormatProblem>();
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const first = lines.findIndex((l) => l.trim() !== '');
  const titleAt = lines.findIndex((l) => titleLine.test(l));
  if (titleAt === -1) problems.add('missing_title');
  else if (titleAt !== first) problems.add('text_before_title');
  const title = titleAt === -1 ? '' : titleLine.exec(lines[titleAt]!)![1]!.trim();
  if (title.length > maxTitleChars) problems.add('title_too_long');

  const values: Partial<Record<Field, string[]>> = {};
  let current: Field | null = null;
  for (const line of lines.slice(titleAt + 1)) {
    if (titleLine.test(line)) {
      problems.add('more_than_one_rubric');
      current = null;
      continue;
    }
    const field = fieldLine.exec(line);
    if (field) {
      const name = fields[field[1]!.toLowerCase().replace(/\s+/g, ' ') as keyof typeof fields];
      if (name === undefined) {
        problems.add('unknown_field');
        current = null;
      } else if (values[name] !== undefined) {
        problems.add('repeated_field');
        current = null;
      } else {
        values[name] = [field[2]!];
        current = name;
      }
      continue;
    }
    if (current !== null) values[current]!.push(line);
    else if (line.trim() !== '') problems.add('stray_text');
  }

  const value = (name: Field) => values[name]?.join('\n').trim();
  const appliesWhen = value('appliesWhen');
  const pattern = value('pattern');
  const fix = value('fix');
  if (appliesWhen === undefined) problems.add('missing_applies_when');
  else if (appliesWhen === '') problems.add('empty_applies_when');
  if (pattern === undefined) problems.add('missing_pattern');
  else if (pattern === '') problems.add('empty_pattern');
  if (fix === '') problems.add('empty_fix');
  if (problems.size > 0) return { ok: false, problems: [...problems] };
  return { ok: true, rubric: { title, appliesWhen: appliesWhen!, pattern: pattern!, fix: fix ?? null } };
}

/** Writes a rubric in the seeds' format; {@link parseRubricText} reads it back unchanged. */
export function formatRubricText(rubric: RubricText): string {
  const lines = [`### ${rubric.title}`, `- **Applies when**: ${rubric.appliesWhen}`, `- **Pattern**: ${rubric.pattern}`];
  if (rubric.fix !== null) lines.push(`- **Fix**: ${rubric.fix}`);
  return lines.join('\n');
}
