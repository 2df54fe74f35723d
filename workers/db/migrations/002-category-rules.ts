/**
 * The editable rule table that suggests a failure event's category. Rules are tried in
 * position order; the first whose pattern matches the named field wins. The defaults
 * target the default taxonomy's codes; a rule whose code is not in the corpus's taxonomy
 * suggests nothing. A human category (a failure record's or a label's) always wins.
 */
export const sql = /* sql */ `
CREATE TABLE category_rules (
  id       INTEGER PRIMARY KEY,
  position INTEGER NOT NULL,
  category TEXT NOT NULL,
  field    TEXT NOT NULL CHECK (field IN ('kind', 'exception_class', 'message', 'traceback', 'command')),
  pattern  TEXT NOT NULL,
  enabled  INTEGER NOT NULL DEFAULT 1,
  note     TEXT NOT NULL DEFAULT ''
);

INSERT INTO category_rules (position, category, field, pattern, note) VALUES
  (1,  'C08', 'kind',            '^timeout$',                                   'time cap reached (exit 124)'),
  (2,  'C07', 'kind',            '^oom$',                                       'CUDA or host out of memory'),
  (3,  'C09', 'kind',            '^killed$',                                    'killed by the environment (exit 137)'),
  (4,  'C01', 'kind',            '^missing_package$',                           'ModuleNotFoundError, pip errors, command not found'),
  (5,  'C05', 'exception_class', '^(SyntaxError|IndentationError|TabError)$',   'the program does not compile'),
  (6,  'C02', 'exception_class', '^KeyError$',                                  'a column or key that is not there'),
  (7,  'C04', 'exception_class', '^(FileNotFoundError|IsADirectoryError|NotADirectoryError)$', 'wrong path'),
  (8,  'C03', 'message',         'shape|dimension|dtype|could not broadcast|size mismatch|Found input variables with inconsistent numbers', 'shapes or dtypes disagree'),
  (9,  'C10', 'message',         '\\bNaN\\b|infinity|Input (X )?contains NaN',  'NaN or inf reach the model'),
  (10, 'C11', 'message',         'CUDA error|illegal memory access|triton|kernel',  'GPU kernel failure'),
  (11, 'C06', 'exception_class', '^(TypeError|AttributeError|NameError)$',       'API misuse'),
  (12, 'Q07', 'kind',            '^invalid_output$',                            'the submission file is malformed');
`;
