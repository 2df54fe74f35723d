/**
 * The "1st collection": haiku-4.5 on InfiAgent-DABench questions, short rollouts that
 * end in an `@name[value]` answer. Each rollout tells one small story (a crash fixed on
 * the way, then a right or wrong answer), the raw material of the Wrong-answer miner.
 */
import { programFrame, syntaxError, traceback } from './python-traceback';
import { dtypes, head, ls, pipInstallOffline, pipList, wc } from './explore';
import { type RolloutBuilder, crash, ok, startRollout } from './rollout-builder';
import { dtAccessor, moduleNotFound, pandasKeyError, readCsvNotFound, sklearnEmpty, sklearnNaN } from './tracebacks';

const first = (id: string, task: string, seed: number): RolloutBuilder => startRollout({ id, task, collection: 'first', agent: 'haiku-4.5', seed });

const PRSA = 'PRSA_data_2010.1.1-2014.12.31.csv';
const LINREG = 'sklearn/linear_model/_base.py';

/** Truncates instead of rounding: one of three fields comes out a hundredth low. */
function r0001() {
  const b = first('r-0001', 'dabench-17', 1);
  ls(b);
  head(b, 'titanic.csv');
  dtypes(b, 'titanic.csv');
  b.write(
    'analysis.py',
    `import pandas as pd

df = pd.read_csv("titanic.csv")
print(df.shape)

rates = {}
for pclass in [1, 2, 3]:
    sub = df[df["Pclass"] == pclass]
    rate = sub["Survived"].sum() / len(sub)
    # answer wants exactly two decimals
    rates[pclass] = int(rate * 100) / 100

print(", ".join(f"@survival_rate_class{c}[{r}]" for c, r in rates.items())
`,
  );
  b.run('python analysis.py', 'analysis.py', (src, file) => crash(syntaxError(file, src, 'print(", ".join', 5, "'(' was never closed"), 140), {
    category: 'C05',
    cause: 'the print call on the last line is never closed',
  });
  b.revise('analysis.py', [['rates.items())\n', 'rates.items()))\n']]);
  b.run('python analysis.py', 'analysis.py', ok('(891, 12)\n@survival_rate_class1[0.62], @survival_rate_class2[0.47], @survival_rate_class3[0.24]\n', 1310));
  b.fail(null, { category: 'Q06', cause: 'int(rate * 100) / 100 truncates: class 1 is 0.6296, reported 0.62 instead of 0.63' });
  return b.finish({
    grade: 'wrong',
    score: 0.667,
    submitted: '@survival_rate_class1[0.62], @survival_rate_class2[0.47], @survival_rate_class3[0.24]',
    graderVerdict: 'survival_rate_class1: expected 0.63, got 0.62; survival_rate_class2: ok; survival_rate_class3: ok',
  });
}

/** Reads every column as text, so `Pclass == 1` selects nothing and the rate divides by zero. */
function r0002() {
  const b = first('r-0002', 'dabench-17', 2);
  ls(b);
  head(b, 'titanic.csv', 3);
  b.write(
    'analysis.py',
    `import pandas as pd

# read everything as text so ticket numbers keep their leading zeros
df = pd.read_csv("titanic.csv", dtype=str)


def survival_rate(frame, pclass):
    sub = frame[frame["Pclass"] == pclass]
    survived = int(sub["Survived"].astype(int).sum())
    total = len(sub)
    rate = survived / total
    return round(rate, 2)


answers = []
for c in (1, 2, 3):
    value = survival_rate(df, c)
    answers.append(f"@survival_rate_class{c}[{value:.2f}]")
print(", ".join(answers))
`,
  );
  b.run(
    'python analysis.py',
    'analysis.py',
    (src, file) =>
      crash(
        traceback(
          [
            programFrame(file, src, 'value = survival_rate(df, c)', '<module>', { seg: 'survival_rate(df, c)' }),
            programFrame(file, src, 'rate = survived / total', 'survival_rate', { seg: 'survived / total', op: '/' }),
          ],
          'ZeroDivisionError: division by zero',
        ),
        1280,
      ),
    { category: 'C03', cause: 'dtype=str makes Pclass a string column; comparing it to the integer 1 matches no row, so total is 0' },
  );
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('titanic.csv', dtype=str)['Pclass'].unique())"`, {
    stdout: "['3' '1' '2']\n",
    durationMs: 1040,
  });
  b.revise('analysis.py', [
    ['# read everything as text so ticket numbers keep their leading zeros\ndf = pd.read_csv("titanic.csv", dtype=str)', 'df = pd.read_csv("titanic.csv")'],
  ]);
  b.run('python analysis.py', 'analysis.py', ok('@survival_rate_class1[0.63], @survival_rate_class2[0.47], @survival_rate_class3[0.24]\n', 1190));
  return b.finish({
    grade: 'correct',
    score: 1,
    submitted: '@survival_rate_class1[0.63], @survival_rate_class2[0.47], @survival_rate_class3[0.24]',
    graderVerdict: 'all 3 fields match',
  });
}

/** Misspells the column (KeyError), then averages all five years instead of 2014. */
function r0003() {
  const b = first('r-0003', 'dabench-124', 1);
  ls(b);
  head(b, PRSA);
  wc(b);
  b.write(
    'solution.py',
    `import pandas as pd

df = pd.read_csv("${PRSA}")
print(df.shape)
missing = df["PM2.5"].isna().sum()
print("missing PM2.5:", missing)

# fill gaps with the median of the same month
monthly_median = df.groupby("month")["PM2.5"].transform("median")
df["PM2.5"] = df["PM2.5"].fillna(monthly_median)

jan = df.loc[df["month"] == 1, "PM2.5"].mean()
jul = df.loc[df["month"] == 7, "PM2.5"].mean()
print(f"@mean_pm25_jan[{jan:.2f}], @mean_pm25_jul[{jul:.2f}]")
`,
  );
  b.run(
    'python solution.py',
    'solution.py',
    (src, file) =>
      crash(
        pandasKeyError([programFrame(file, src, 'missing = df["PM2.5"]', '<module>', { seg: 'df["PM2.5"]', subscript: true })], 'PM2.5'),
        1730,
        '(43824, 13)\n',
      ),
    { category: 'C02', cause: 'the column is lower-case pm2.5; PM2.5 does not exist' },
  );
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('${PRSA}').columns.tolist())"`, {
    stdout: "['No', 'year', 'month', 'day', 'hour', 'pm2.5', 'DEWP', 'TEMP', 'PRES', 'cbwd', 'Iws', 'Is', 'Ir']\n",
    durationMs: 1220,
  });
  b.revise('solution.py', [
    ['"PM2.5"', '"pm2.5"'],
    ['missing PM2.5:', 'missing pm2.5:'],
  ]);
  b.run('python solution.py', 'solution.py', ok('(43824, 13)\nmissing pm2.5: 2067\n@mean_pm25_jan[109.42], @mean_pm25_jul[87.16]\n', 1810));
  b.sh(`python -c "import pandas as pd; df = pd.read_csv('${PRSA}'); print(df.groupby('month')['pm2.5'].median().loc[[1, 7]])"`, {
    stdout: 'month\n1    64.0\n7    71.0\nName: pm2.5, dtype: float64\n',
    durationMs: 1160,
  });
  b.fail(null, { category: 'Q05', cause: 'never kept only 2014: the January and July means are over 2010-2014' });
  return b.finish({
    grade: 'wrong',
    score: 0,
    submitted: '@mean_pm25_jan[109.42], @mean_pm25_jul[87.16]',
    graderVerdict: 'mean_pm25_jan: expected 96.81, got 109.42; mean_pm25_jul: expected 92.37, got 87.16',
  });
}

/** Builds dates by string concatenation, so `.dt` fails; `pd.to_datetime` fixes it. */
function r0004() {
  const b = first('r-0004', 'dabench-124', 2);
  ls(b);
  head(b, PRSA, 3);
  dtypes(b, PRSA);
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('${PRSA}')['year'].value_counts().sort_index())"`, {
    stdout: 'year\n2010    8760\n2011    8760\n2012    8784\n2013    8760\n2014    8760\nName: count, dtype: int64\n',
    durationMs: 1150,
  });
  b.write(
    'solution.py',
    `import pandas as pd

df = pd.read_csv("${PRSA}")
df["date"] = df["year"].astype(str) + "-" + df["month"].astype(str) + "-" + df["day"].astype(str)
df = df[df["date"].str.startswith("2014")].copy()
df["month_num"] = df["date"].dt.month

df["pm2.5"] = df["pm2.5"].fillna(df.groupby("month_num")["pm2.5"].transform("median"))
means = df.groupby("month_num")["pm2.5"].mean()
print(f"@mean_pm25_jan[{means[1]:.2f}], @mean_pm25_jul[{means[7]:.2f}]")
`,
  );
  b.run(
    'python solution.py',
    'solution.py',
    (src, file) => crash(dtAccessor([programFrame(file, src, 'df["month_num"] =', '<module>', { seg: 'df["date"].dt' })]), 1650),
    { category: 'C03', cause: 'the date column is built by string concatenation, so it is object dtype and has no .dt accessor' },
  );
  b.revise('solution.py', [
    [
      'df["date"] = df["year"].astype(str) + "-" + df["month"].astype(str) + "-" + df["day"].astype(str)\ndf = df[df["date"].str.startswith("2014")].copy()',
      'df["date"] = pd.to_datetime(df[["year", "month", "day", "hour"]])\ndf = df[df["date"].dt.year == 2014].copy()',
    ],
  ]);
  b.run('python solution.py', 'solution.py', ok('@mean_pm25_jan[96.81], @mean_pm25_jul[92.37]\n', 1720));
  b.sh('cat solution.py | wc -l', { stdout: `${b.src('solution.py').split('\n').length - 1}\n` });
  return b.finish({
    grade: 'correct',
    score: 1,
    submitted: '@mean_pm25_jan[96.81], @mean_pm25_jul[92.37]',
    graderVerdict: 'all 2 fields match',
  });
}

/** NaN into LinearRegression, then `dropna()` on every column empties the frame, then `fillna(0)`. */
function r0005() {
  const b = first('r-0005', 'dabench-352', 1);
  ls(b);
  head(b, 'house_prices.csv', 3);
  dtypes(b, 'house_prices.csv');
  b.write(
    'regression.py',
    `import pandas as pd
from sklearn.linear_model import LinearRegression

df = pd.read_csv("house_prices.csv")
features = ["LotFrontage", "GrLivArea", "OverallQual"]
X = df[features]
y = df["SalePrice"]

model = LinearRegression()
model.fit(X, y)
r2 = model.score(X, y)
print(f"@r_squared[{r2:.3f}]")
`,
  );
  b.run(
    'python regression.py',
    'regression.py',
    (src, file) => crash(sklearnNaN([programFrame(file, src, 'model.fit(X, y)')], 'LinearRegression', LINREG, 609), 2240),
    { category: 'C10', cause: 'LotFrontage has 259 missing values and goes straight into LinearRegression' },
  );
  b.sh(
    `python -c "import pandas as pd; df = pd.read_csv('house_prices.csv'); print(df[['LotFrontage', 'GrLivArea', 'OverallQual', 'SalePrice']].isna().sum())"`,
    {
      stdout: 'LotFrontage    259\nGrLivArea        0\nOverallQual      0\nSalePrice        0\ndtype: int64\n',
      durationMs: 1090,
    },
  );
  b.revise('regression.py', [['df = pd.read_csv("house_prices.csv")\n', 'df = pd.read_csv("house_prices.csv")\ndf = df.dropna()\n']]);
  b.run(
    'python regression.py',
    'regression.py',
    (src, file) => crash(sklearnEmpty([programFrame(file, src, 'model.fit(X, y)')], 'LinearRegression', LINREG, 609, 3), 2110),
    { category: 'C10', cause: 'dropna() over all 17 columns removes every row: each house lacks at least one of Alley, PoolQC, Fence, MiscFeature' },
  );
  b.revise('regression.py', [['df = df.dropna()', 'df = df.fillna(0)']]);
  b.run('python regression.py', 'regression.py', ok('@r_squared[0.721]\n', 2050));
  b.fail(null, {
    category: 'Q03',
    cause: 'LotFrontage gaps filled with 0 instead of dropping those rows as the statement asks; the zeros pull R² from 0.749 to 0.721',
  });
  return b.finish({
    grade: 'wrong',
    score: 0,
    submitted: '@r_squared[0.721]',
    graderVerdict: 'r_squared: expected 0.749, got 0.721',
  });
}

/** Reaches for statsmodels (not installed, no network), then prints R² without the answer format. */
function r0006() {
  const b = first('r-0006', 'dabench-352', 2);
  ls(b);
  head(b, 'house_prices.csv', 3);
  b.write(
    'ols.py',
    `import pandas as pd
import statsmodels.api as sm

df = pd.read_csv("house_prices.csv")
cols = ["LotFrontage", "GrLivArea", "OverallQual", "SalePrice"]
df = df.dropna(subset=cols)

X = sm.add_constant(df[cols[:-1]])
ols = sm.OLS(df["SalePrice"], X).fit()
print(ols.summary())
`,
  );
  b.run('python ols.py', 'ols.py', (src, file) => crash(moduleNotFound([programFrame(file, src, 'import statsmodels.api as sm')], 'statsmodels'), 610), {
    category: 'C01',
    cause: 'statsmodels is not installed in the DABench image',
  });
  pipInstallOffline(b, 'statsmodels');
  pipList(b, ['statsmodels', 'scikit-learn']);
  b.sh('python -c "import sklearn; print(sklearn.__version__)"', { stdout: '1.5.1\n', durationMs: 690 });
  b.write(
    'ols.py',
    `import pandas as pd
from sklearn.linear_model import LinearRegression

df = pd.read_csv("house_prices.csv")
cols = ["LotFrontage", "GrLivArea", "OverallQual", "SalePrice"]
df = df.dropna(subset=cols)

model = LinearRegression().fit(df[cols[:-1]], df["SalePrice"])
print("rows used:", len(df))
print("R^2 =", round(model.score(df[cols[:-1]], df["SalePrice"]), 3))
`,
  );
  b.run('python ols.py', 'ols.py', ok('rows used: 1201\nR^2 = 0.749\n', 1980));
  b.fail(null, { category: 'Q01', cause: 'the value is right but the answer has no @r_squared[...] field' });
  return b.finish({
    grade: 'missing',
    score: 0,
    submitted: 'R^2 = 0.749',
    graderVerdict: 'no @r_squared[...] field found in the answer',
  });
}

/** Assumes a data/ folder, then answers with `name = value` instead of `@name[value]`. */
function r0007() {
  const b = first('r-0007', 'dabench-124', 3);
  b.write(
    'solution.py',
    `import pandas as pd

df = pd.read_csv("data/${PRSA}")
df = df[df["year"] == 2014]

medians = df.groupby("month")["pm2.5"].transform("median")
df["pm2.5"] = df["pm2.5"].fillna(medians)

jan = df.loc[df["month"] == 1, "pm2.5"].mean()
jul = df.loc[df["month"] == 7, "pm2.5"].mean()
print(f"@mean_pm25_jan = {jan:.2f}; @mean_pm25_jul = {jul:.2f}")
`,
  );
  b.run(
    'python solution.py',
    'solution.py',
    (src, file) => crash(readCsvNotFound([programFrame(file, src, 'pd.read_csv(', '<module>', { seg: `pd.read_csv("data/${PRSA}")` })], `data/${PRSA}`), 880),
    { category: 'C04', cause: 'the CSV sits in the working directory; there is no data/ folder' },
  );
  b.sh('ls -la', {
    stdout: `total 2000\ndrwxr-xr-x 1 root root    4096 Jun 12 09:14 .\ndrwxr-xr-x 1 root root    4096 Jun 12 09:14 ..\n-rw-r--r-- 1 root root 2010494 Jun 12 09:14 ${PRSA}\n-rw-r--r-- 1 root root     412 Jun 12 09:15 solution.py\n`,
  });
  head(b, PRSA, 3);
  b.revise('solution.py', [[`"data/${PRSA}"`, `"${PRSA}"`]]);
  b.run('python solution.py', 'solution.py', ok('@mean_pm25_jan = 96.81; @mean_pm25_jul = 92.37\n', 1640));
  wc(b);
  b.sh(`python -c "import pandas as pd; df = pd.read_csv('${PRSA}'); print(df[df['year'] == 2014]['pm2.5'].isna().sum())"`, {
    stdout: '145\n',
    durationMs: 1120,
  });
  b.fail(null, { kind: 'wrong_answer', category: 'Q01', cause: 'values are right but written as "@name = value; ..." instead of @name[value]' });
  return b.finish({
    grade: 'invalid',
    score: 0,
    submitted: '@mean_pm25_jan = 96.81; @mean_pm25_jul = 92.37',
    graderVerdict: "answer does not match @name[value]: '@mean_pm25_jan = 96.81; @mean_pm25_jul = 92.37'",
  });
}

/** A clean, short rollout: groupby, round, check by hand. */
function r0008() {
  const b = first('r-0008', 'dabench-17', 3);
  ls(b);
  head(b, 'titanic.csv');
  wc(b);
  b.write(
    'analysis.py',
    `import pandas as pd

df = pd.read_csv("titanic.csv")
rates = df.groupby("Pclass")["Survived"].mean().round(2)
print(rates)
print(", ".join(f"@survival_rate_class{k}[{v:.2f}]" for k, v in rates.items()))
`,
  );
  b.run(
    'python analysis.py',
    'analysis.py',
    ok(
      'Pclass\n1    0.63\n2    0.47\n3    0.24\nName: Survived, dtype: float64\n@survival_rate_class1[0.63], @survival_rate_class2[0.47], @survival_rate_class3[0.24]\n',
      1260,
    ),
  );
  b.sh('python -c "print(136 / 216, 87 / 184, 119 / 491)"', { stdout: '0.6296296296296297 0.47282608695652173 0.24236252545824846\n', durationMs: 60 });
  return b.finish({
    grade: 'correct',
    score: 1,
    submitted: '@survival_rate_class1[0.63], @survival_rate_class2[0.47], @survival_rate_class3[0.24]',
    graderVerdict: 'all 3 fields match',
  });
}

/** Builders of the 1st collection, in rollout order. */
export const firstCollection = [r0001, r0002, r0003, r0004, r0005, r0006, r0007, r0008];
