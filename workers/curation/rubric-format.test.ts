import { describe, expect, it } from 'vitest';
import { formatRubricText, parseRubricText } from './rubric-format';

describe('rubric text format', () => {
  it('reads title, applies when, pattern and fix, fields running over several lines', () => {
    const text = [
      '### Column names typed from memory',
      '- **Applies when**: `task` -- the script selects columns by name',
      '  from a file whose header it never printed.',
      '- **Pattern**: A `KeyError` on the first `df["..."]`.',
      '- **Fix**: Print `df.columns` first.',
    ].join('\n');
    expect(parseRubricText(text)).toEqual({
      ok: true,
      rubric: {
        title: 'Column names typed from memory',
        appliesWhen: '`task` -- the script selects columns by name\n  from a file whose header it never printed.',
        pattern: 'A `KeyError` on the first `df["..."]`.',
        fix: 'Print `df.columns` first.',
      },
    });
  });

  it('accepts the colon inside the bold and a missing fix', () => {
    expect(parseRubricText('### T\n* **Applies when:** a\n* **Pattern:** b')).toEqual({
      ok: true,
      rubric: { title: 'T', appliesWhen: 'a', pattern: 'b', fix: null },
    });
  });

  it('lists every problem of a malformed rubric', () => {
    expect(parseRubricText('Here is a lesson:\n### T\n- **Applies when**:\n- **Severity**: high')).toEqual({
      ok: false,
      problems: ['text_before_title', 'unknown_field', 'empty_applies_when', 'missing_pattern'],
    });
    expect(parseRubricText('- **Pattern**: p')).toEqual({ ok: false, problems: ['missing_title', 'missing_applies_when'] });
    expect(parseRubricText(`### ${'x'.repeat(161)}\n- **Applies when**: a\n- **Pattern**: b\n- **Pattern**: c`)).toEqual({
      ok: false,
      problems: ['title_too_long', 'repeated_field'],
    });
    expect(parseRubricText('### A\n- **Applies when**: a\n- **Pattern**: b\n### B')).toEqual({ ok: false, problems: ['more_than_one_rubric'] });
    expect(parseRubricText('### A\nsome words\n- **Applies when**: a\n- **Pattern**: b\n- **Fix**: ')).toEqual({
      ok: false,
      problems: ['stray_text', 'empty_fix'],
    });
  });

  it('writes the form it reads', () => {
    const rubric = { title: 'T', appliesWhen: 'when\nwrapped', pattern: 'p', fix: 'f' };
    expect(parseRubricText(formatRubricText(rubric))).toEqual({ ok: true, rubric });
    expect(formatRubricText({ ...rubric, fix: null })).toBe('### T\n- **Applies when**: when\nwrapped\n- **Pattern**: p');
  });
});
