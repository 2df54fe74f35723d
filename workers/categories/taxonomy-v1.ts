/**
 * The default failure taxonomy (v1): 22 categories, crashes split by type. Codes are
 * stable identifiers that labels, failures and rubrics refer to; names and guidelines
 * are what an annotator sees beside the label queue.
 */
import type { RecordOf } from '../../common/corpus/bundle';

type Category = RecordOf<'taxonomy'>['categories'][number];

/** Category families: a crash stops the program, a wrong answer is found at grading, performance leaves score behind. */
export const families = { crash: 'crash', wrong: 'wrong_answer', perf: 'performance' } as const;

const c = (code: string, name: string, family: string, guideline: string): Category => ({
  code,
  name,
  family,
  guideline,
});

/** All categories of taxonomy v1, in display order. */
export const categories: Category[] = [
  c(
    'C01',
    'Missing package',
    families.crash,
    'A command fails because a module is not installed or cannot be installed: `ModuleNotFoundError`, `ImportError: cannot import name`, or a `pip install` that finds no distribution because the sandbox has **no network**. Use this even when the agent later swaps libraries. Not for version mismatches where the module imports but an argument is rejected (that is **C06**).',
  ),
  c(
    'C02',
    'Missing column / KeyError',
    families.crash,
    'The program indexes a column, key or field that is not there: pandas `KeyError` on `df["col"]`, `"[...] not in index"` from `.loc`, a JSON field missing from test rows. Typical causes are a misspelt or differently cased name (`PM2.5` vs `pm2.5`) or a column that exists in train but not in test. Choose **C03** when the column exists but has the wrong type.',
  ),
  c(
    'C03',
    'Shape or dtype mismatch',
    families.crash,
    'Arrays, frames or features disagree in shape, count or type: sklearn `X has 12 features, but ... is expecting 14`, feature-name mismatches between fit and predict, `could not convert string to float`, `.dt` on an object column, an empty selection after comparing an integer column to a string, `IndexError` from an off-by-one on a fitted array. The program runs until the data reaches the mismatch.',
  ),
  c(
    'C04',
    'File not found / wrong path',
    families.crash,
    'A read or write names a path that does not exist in this sandbox: `FileNotFoundError`, `No such file or directory`, Kaggle-style `/kaggle/input/...` paths, a `data/` prefix the task does not use, or an output folder that was never created. Label the first missing path even if a fallback path also fails (chained tracebacks).',
  ),
  c(
    'C05',
    'Syntax or compile error',
    families.crash,
    'The source never starts: `SyntaxError` (unclosed bracket, stray indent, `IndentationError`) in Python, or a compile error in an inline CUDA/C++ extension (`Error building extension`, nvcc `expected a ";"`). No frame of the program executed, so there is no runtime state to blame.',
  ),
  c(
    'C06',
    'API misuse / TypeError',
    families.crash,
    'A library call is made with arguments the installed version does not accept or with values outside its contract: `unexpected keyword argument` (e.g. `early_stopping_rounds` in LightGBM 4), removed methods such as `DataFrame.append`, a metric that rejects negative predictions, a `NameError` from a missing import. The fix is a change of call, not of data.',
  ),
  c(
    'C07',
    'Out of memory (CUDA/host)',
    families.crash,
    'An allocation fails with an explicit error: `torch.OutOfMemoryError: CUDA out of memory`, numpy `_ArrayMemoryError: Unable to allocate ...`, `MemoryError`. The traceback names the allocation. A silent kill by the kernel (exit 137, only `Killed`) is **C09**, even if memory is the likely cause.',
  ),
  c(
    'C08',
    'Timeout',
    families.crash,
    'The command hits its time cap: exit code 124 from `timeout`, or the harness marks the step timed out. Usually a grid search, too many epochs or boosting rounds, or a slow Python loop over rows. Label by the cap, not by what the program would have produced.',
  ),
  c(
    'C09',
    'Killed by the environment',
    families.crash,
    'The process is ended from outside with no Python traceback: exit 137 / SIGKILL, `Killed` on stderr, pod eviction, disk quota. Most often the kernel OOM killer after a merge or one-hot encoding multiplies the rows or columns. Prefer **C07** when Python itself reports the allocation failure.',
  ),
  c(
    'C10',
    'NaN or infinite values reach the model',
    families.crash,
    'An estimator or metric refuses missing or infinite input: `Input X contains NaN`, `Input contains infinity or a value too large`, `Found array with 0 sample(s)` after an over-eager `dropna()`. The crash is about data hygiene before fitting; if the program runs but imputes wrongly and the answer is off, use **Q03**.',
  ),
  c(
    'C11',
    'GPU kernel launch or correctness failure',
    families.crash,
    'A custom CUDA or Triton kernel launches and fails, or runs and disagrees with the reference: `illegal memory access`, `misaligned address`, `Tensor-likes are not close!`, NaN or inf from an unstable reduction. Compile errors belong to **C05**; allocation failures to **C07**.',
  ),
  c(
    'Q01',
    'Output format',
    families.wrong,
    "The computation may be right but the answer cannot be graded as given: missing `@name[value]` fields, extra text inside the brackets, percentages where proportions were asked, a float where an integer label is expected. Check the statement's answer-format line against the submitted string.",
  ),
  c(
    'Q02',
    'Metric mismatch',
    families.wrong,
    'The scripts select, tune or validate with a metric other than the one the task is scored by: accuracy for a quadratic-weighted-kappa task, MSE on raw targets for RMSLE, F1 where AUC is graded. The model may be reasonable; the choices were made against the wrong yardstick.',
  ),
  c(
    'Q03',
    'Missing-value handling',
    families.wrong,
    'Gaps are filled or dropped differently from what the statement asks or the data needs: `fillna(0)` where rows should be dropped, a global mean where a per-group median was specified, imputing the target. The program runs; the number it prints is off because of the gaps.',
  ),
  c(
    'Q04',
    'Validation split / leakage',
    families.wrong,
    'The held-out check does not mirror the prediction setting: shuffled splits on time-ordered rows, features that exist only in training (`*_at_retrieval`, `requester_user_flair`) or that encode the target (`casual + registered = count`), scaling fit on all rows. Reported validation scores are optimistic.',
  ),
  c(
    'Q05',
    'Wrong column or aggregation',
    families.wrong,
    'The right operation is applied to the wrong slice: averaging all years where one year was asked, grouping by the wrong key, counting rows instead of unique ids, using `GrLivArea` where `TotalBsmtSF` was named. Compare the filters and group keys with the statement word by word.',
  ),
  c(
    'Q06',
    'Rounding or precision',
    families.wrong,
    "The value is correct to within display: truncation instead of rounding, rounding an intermediate result, too few decimals, banker's rounding surprises with `round()` at `.5`. The grader compares exact strings, so a last-digit difference is a wrong answer.",
  ),
  c(
    'Q07',
    'Invalid submission file',
    families.wrong,
    'A submission file exists but the grader rejects it: wrong or extra columns (a saved index as `Unnamed: 0`), missing or duplicated ids, a row count different from the sample submission, labels of the wrong type. Distinct from **Q01**, which is about free-text answers.',
  ),
  c(
    'P01',
    'Modelling choice leaves score on the table',
    families.perf,
    'The program is valid and graded, but a clearly better standard choice was available and not tried: a linear model on strongly non-linear tabular data, a naive per-row kernel where a fused or vectorised one is standard, ignoring the text column in a text task. Credit this when the score gap to a routine alternative is measurable.',
  ),
  c(
    'P02',
    'Under-training',
    families.perf,
    'Training stops well before the model converges: one epoch of a transformer after a timeout, a fixed small number of boosting rounds with no early stopping, a learning rate schedule cut short. Usually visible as validation still improving at the last logged step.',
  ),
  c(
    'P03',
    'No hyperparameter tuning',
    families.perf,
    'Library defaults are used throughout although the task rewards tuning and there was time for it: default `num_leaves`, depth or regularisation, no search over thresholds for an ordinal metric. Only credit it when a modest search would plausibly change the score.',
  ),
  c(
    'P04',
    'Weak or missing feature engineering',
    families.perf,
    'Obvious structure in the inputs is left unused: the hour of a timestamp in a demand task, the deck/side parts of a cabin code, lag features for a daily series, text length and keywords in a request. The model sees raw identifiers or nothing where a simple derived feature carries the signal.',
  ),
];

/** The taxonomy record written to every bundle. */
export const taxonomyRecord: RecordOf<'taxonomy'> = { type: 'taxonomy', version: 'v1', categories };

/** The set of valid category codes, for cross-checks in builders. */
export const categoryCodes: ReadonlySet<string> = new Set(categories.map((x) => x.code));
