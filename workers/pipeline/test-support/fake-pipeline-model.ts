/**
 * A deterministic stand-in for the miner and the judge behind the fake Messages server:
 * every answer is derived from the request it answers (the failures and programs the miner
 * was shown, the program and rubrics the judge was shown), so a run recorded against it is
 * the same run every time. Besides good rubrics it proposes, on cue, a quote attributed to the
 * wrong program and a rubric with an empty "Applies when", so the funnel has rejections.
 */
import type { ReceivedRequest, ScriptedReply } from '../../model/test-support/fake-messages-server';
import { toolUseMessage } from '../../model/test-support/fake-messages-server';

interface Body {
  system?: string;
  messages: { content: string }[];
  tool_choice: { name: string };
  max_tokens: number;
}

interface ShownProgram {
  sha: string;
  lines: string[];
}

function programs(text: string): ShownProgram[] {
  return [...text.matchAll(/<program sha256="([0-9a-f]{64})"[^>]*>\n([\s\S]*?)\n<\/program>/g)].map((m) => ({
    sha: m[1]!,
    lines: m[2]!
      .split('\n')
      .filter((l) => /^\s*\d+\| /.test(l))
      .map((l) => l.replace(/^\s*\d+\| /, '')),
  }));
}

/** The first non-blank line at or after `line` (1-based), for a quote. */
function quotable(p: ShownProgram, line: number): { line: number; quote: string } {
  for (let i = Math.max(line, 1); i <= p.lines.length; i++) if (p.lines[i - 1]!.trim() !== '') return { line: i, quote: p.lines[i - 1]!.trim() };
  return { line: 1, quote: p.lines[0]?.trim() ?? '' };
}

/** A taxonomy code for a failure, as a careful miner would pick it. */
function categoryOf(kind: string, exception: string): string {
  if (kind === 'missing_package' || /ModuleNotFound|ImportError/.test(exception)) return 'C01';
  if (kind === 'timeout') return 'C08';
  if (kind === 'killed') return 'C09';
  if (kind === 'oom') return 'C07';
  if (/KeyError/.test(exception)) return 'C02';
  if (/SyntaxError|IndentationError/.test(exception)) return 'C05';
  if (/FileNotFound/.test(exception)) return 'C04';
  if (/TypeError|AttributeError|NameError/.test(exception)) return 'C06';
  if (kind === 'invalid_output') return 'Q07';
  if (kind === 'wrong_answer') return 'Q01';
  return 'C03';
}

function minerAnswer(body: Body): unknown {
  const text = body.messages[0]!.content;
  const max = Number(/Write up to (\d+) rubrics/.exec(text)?.[1] ?? 6);
  const focusCategory = /in category (\S+) \(/.exec(text)?.[1];
  const shown = programs(text);
  const failures = [...text.matchAll(/<failure ([^>]*)>\n([\s\S]*?)\n<\/failure>/g)].map((m) => {
    const attrs = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
    const exception = /<exception>([^\n]*)<\/exception>/.exec(m[2]!)?.[1] ?? '';
    const cause = /<cause>([^\n]*)<\/cause>/.exec(m[2]!)?.[1] ?? '';
    return { attrs, exception, cause };
  });
  const chosen = focusCategory ? failures.filter((f) => f.attrs.focus === 'true') : failures;
  const rubrics: unknown[] = [];
  for (const f of chosen) {
    const program = shown.find((p) => p.sha === f.attrs.program) ?? shown[0];
    if (!program) continue;
    const { line, quote } = quotable(program, Number(f.attrs.line ?? 1));
    const name = f.exception.split(':')[0]!.trim() || f.attrs.kind!;
    const category = focusCategory ?? categoryOf(f.attrs.kind!, f.exception);
    const lesson = f.cause || `the program fails with ${name} during a ${f.attrs.kind} step`;
    rubrics.push({
      text: `### ${name} from ${f.attrs.kind} left unchecked\n- **Applies when**: the script reaches code that can raise ${name} and the static facts do not rule it out.\n- **Pattern**: ${lesson}.\n- **Fix**: check the precondition of the line that raises ${name} before running.`,
      family: category.startsWith('P') ? 'performance' : 'error',
      category,
      citations: [{ program: program.sha, lineStart: line, lineEnd: line, quote }],
    });
    const other = shown.find((p) => p.sha !== program.sha && !p.lines.some((l) => l.includes(quote)));
    if (other) {
      rubrics.push({
        text: `### Misattributed evidence about ${name}\n- **Applies when**: a script like this one raises ${name}.\n- **Pattern**: the quoted line is blamed on the wrong script.`,
        family: 'error',
        category,
        citations: [{ program: other.sha, lineStart: line, lineEnd: line, quote }],
      });
    }
    if (f.attrs.step === 'grading') {
      rubrics.push({
        text: `### Wrong answer, no situation given\n- **Applies when**:\n- **Pattern**: ${lesson}.`,
        family: 'error',
        category,
        citations: [{ program: program.sha, lineStart: line, lineEnd: line, quote }],
      });
    }
  }
  return { rubrics: rubrics.slice(0, max) };
}

function judgeAnswer(body: Body): unknown {
  const text = body.messages[0]!.content;
  const [program] = programs(text);
  const rubrics = [...text.matchAll(/<rubric id="([^"]+)" family="(\w+)">\n### ([^\n]*)/g)].map((m) => ({ id: m[1]!, family: m[2]!, title: m[3]! }));
  return {
    verdicts: rubrics.map((r, i) => {
      // The title's first word is the exception class the fake miner named it after.
      const exception = r.title.split(' ')[0]!;
      const fires = r.family === 'error' && program!.lines.some((l) => l.includes('[')) && i % 2 === 0;
      const { line, quote } = quotable(program!, 1);
      return {
        rubric: r.id,
        verdict: fires ? 'fires' : i % 3 === 1 ? 'not_applicable' : 'does_not_fire',
        predictedException: fires && /Error$/.test(exception) ? exception : null,
        rationale: fires ? `line ${line} is where ${exception} would come from` : 'nothing in the program matches the pattern',
        citations: fires ? [{ program: program!.sha, lineStart: line, lineEnd: line, quote }] : [],
      };
    }),
  };
}

/** The fake's answer to any request of the pipeline; token counts follow the sizes, so costs are deterministic. */
export function pipelineReply(request: ReceivedRequest): ScriptedReply {
  const body = request.body as Body;
  const tool = body.tool_choice.name;
  const input = tool === 'record_rubrics' ? minerAnswer(body) : judgeAnswer(body);
  const inputTokens = Math.ceil(JSON.stringify(body).length / 4);
  const outputTokens = Math.ceil(JSON.stringify(input).length / 4);
  return { body: toolUseMessage(tool, input, { inputTokens, outputTokens }) };
}
