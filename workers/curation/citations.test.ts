import { describe, expect, it } from 'vitest';
import { ShownPrograms } from './citations';

const a = { sha256: 'a'.repeat(64), text: 'import pandas as pd\ndf = pd.read_csv("train.csv")\nX = df[["Age",\n        "Fare"]]\nprint(X.shape)\n' };
const b = { sha256: 'b'.repeat(64), text: 'import numpy as np\ny = np.log1p(df["count"])\n' };
const shown = new ShownPrograms([a, b]);
const cite = (program: string, lineStart: number, lineEnd: number, quote: string) => shown.check({ program, lineStart, lineEnd, quote });

describe('citation grounding', () => {
  it('grounds a quote found in the cited lines of the cited program', () => {
    expect(cite(a.sha256, 2, 2, 'pd.read_csv("train.csv")')).toEqual({ grounded: true, problem: null });
  });

  it('forgives re-indentation and re-wrapping, and nothing else', () => {
    expect(cite(a.sha256, 3, 4, 'X = df[["Age", "Fare"]]')).toEqual({ grounded: true, problem: null });
    expect(cite(a.sha256, 3, 4, 'X = df[["age", "Fare"]]')).toEqual({ grounded: false, problem: 'quote_not_found' });
  });

  it('names a quote of the cited program outside the cited lines', () => {
    expect(cite(a.sha256, 1, 1, 'print(X.shape)')).toEqual({ grounded: false, problem: 'quote_not_at_lines' });
  });

  it('calls a quote that is in another shown program a wrong-program citation, naming where it is', () => {
    expect(cite(a.sha256, 2, 2, 'np.log1p(df["count"])')).toEqual({ grounded: false, problem: 'wrong_program_citation', foundIn: b.sha256 });
    // A program that was never shown, quoting a shown one: misattributed too.
    expect(cite('c'.repeat(64), 1, 1, 'import numpy as np')).toEqual({ grounded: false, problem: 'wrong_program_citation', foundIn: b.sha256 });
  });

  it('refuses ranges that are not lines of the program', () => {
    expect(cite(a.sha256, 6, 6, 'print(X.shape)')).toEqual({ grounded: false, problem: 'bad_range' });
    expect(cite(a.sha256, 3, 2, 'X = df')).toEqual({ grounded: false, problem: 'bad_range' });
    expect(cite(a.sha256, 0, 1, 'import pandas')).toEqual({ grounded: false, problem: 'bad_range' });
  });

  it('names an unknown program, a quote found nowhere and an empty quote', () => {
    expect(cite('c'.repeat(64), 1, 1, 'model.fit(X)')).toEqual({ grounded: false, problem: 'unknown_program' });
    expect(cite(b.sha256, 1, 2, 'model.fit(X)')).toEqual({ grounded: false, problem: 'quote_not_found' });
    expect(cite(a.sha256, 1, 1, '  \n ')).toEqual({ grounded: false, problem: 'empty_quote' });
  });
});
