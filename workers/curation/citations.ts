/**
 * Grounding of citations (docs/definitions.md): a citation names a program by the sha256 of its
 * text, a line range and a quote, and is grounded only when those lines of that program
 * contain the quote. Pure: callers pass the programs the model was shown.
 */

/** What a miner or judge cites: lines `lineStart..lineEnd` (1-based, inclusive) of the program whose text has this sha256. */
export interface Citation {
  program: string;
  lineStart: number;
  lineEnd: number;
  quote: string;
}

/** A program the model was shown, by the sha256 of its stored text. */
export interface ShownProgram {
  sha256: string;
  text: string;
}

/**
 * Why a citation is not grounded:
 * - `empty_quote`: the quote has no visible text, so it proves nothing;
 * - `wrong_program_citation`: the quote is not in the cited program but is in another program that was shown;
 * - `quote_not_at_lines`: the quote is in the cited program, outside the cited lines;
 * - `bad_range`: the cited lines are not lines of the cited program (and no other shown program holds the quote);
 * - `unknown_program`: no shown program has that sha256, and no shown program holds the quote;
 * - `quote_not_found`: the cited program is known and no shown program holds the quote.
 */
export type CitationProblem = 'empty_quote' | 'wrong_program_citation' | 'quote_not_at_lines' | 'bad_range' | 'unknown_program' | 'quote_not_found';

/** The outcome of checking one citation; `foundIn` names the program that does hold a misattributed quote. */
export type CitationCheck = { grounded: true; problem: null } | { grounded: false; problem: CitationProblem; foundIn?: string };

/**
 * Whitespace is collapsed on both sides before comparing: models re-indent and re-wrap code
 * they quote, and neither changes what the quote says. Nothing else is forgiven.
 */
function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The programs the model was shown, indexed for repeated checks. */
export class ShownPrograms {
  private readonly lines = new Map<string, string[]>();
  private readonly whole = new Map<string, string>();

  constructor(programs: readonly ShownProgram[]) {
    for (const p of programs) {
      if (this.lines.has(p.sha256)) continue;
      // Split as line numbers are shown: a final newline does not open another line.
      const body = p.text.endsWith('\n') ? p.text.slice(0, -1) : p.text;
      this.lines.set(p.sha256, body.split(/\r?\n/));
      this.whole.set(p.sha256, normalise(p.text));
    }
  }

  /** Checks one citation against the shown programs. */
  check(citation: Citation): CitationCheck {
    const quote = normalise(citation.quote);
    if (quote === '') return { grounded: false, problem: 'empty_quote' };
    const cited = this.lines.get(citation.program);
    const { lineStart, lineEnd } = citation;
    const rangeOk =
      cited !== undefined && Number.isInteger(lineStart) && Number.isInteger(lineEnd) && lineStart >= 1 && lineStart <= lineEnd && lineEnd <= cited.length;
    if (rangeOk && normalise(cited.slice(lineStart - 1, lineEnd).join('\n')).includes(quote)) return { grounded: true, problem: null };
    if (cited !== undefined && this.whole.get(citation.program)!.includes(quote)) {
      return { grounded: false, problem: rangeOk ? 'quote_not_at_lines' : 'bad_range' };
    }
    for (const [sha, text] of this.whole) {
      if (sha !== citation.program && text.includes(quote)) return { grounded: false, problem: 'wrong_program_citation', foundIn: sha };
    }
    if (cited === undefined) return { grounded: false, problem: 'unknown_program' };
    return { grounded: false, problem: rangeOk ? 'quote_not_found' : 'bad_range' };
  }
}
