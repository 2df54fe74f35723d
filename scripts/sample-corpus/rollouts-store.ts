/**
 * Collection "pool", mining: DSBench store sales (16-day forecast of 1,782 daily series,
 * RMSLE). A partial-key merge the kernel kills, a dense one-hot that cannot be
 * allocated, duplicated holidays inflating the submission, and a flattering split.
 */
import { programFrame } from './python-traceback';
import { freeG, head, ls, wc } from './explore';
import { type RolloutBuilder, crash, ok, startRollout } from './rollout-builder';
import { numpyAllocation } from './tracebacks';

const pool = (id: string, task: string, agent: string, seed: number): RolloutBuilder => startRollout({ id, task, collection: 'pool', agent, seed });

/** Merges transactions on store alone: billions of rows, the kernel kills it; then a shuffled split flatters the model. */
function r0105() {
  const b = pool('r-0105', 'dsbench-store-sales', 'haiku-4.5', 1);
  b.sh('du -sh data/*', {
    stdout: '22K\tdata/holidays_events.csv\n20K\tdata/oil.csv\n4.0K\tdata/stores.csv\n1.0M\tdata/test.csv\n117M\tdata/train.csv\n1.6M\tdata/transactions.csv\n',
  });
  ls(b);
  head(b, 'train.csv');
  head(b, 'transactions.csv');
  wc(b);
  b.write(
    'train.py',
    `import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split

train = pd.read_csv("data/train.csv", parse_dates=["date"])
test = pd.read_csv("data/test.csv", parse_dates=["date"])
transactions = pd.read_csv("data/transactions.csv", parse_dates=["date"])
oil = pd.read_csv("data/oil.csv", parse_dates=["date"])

# store traffic is a strong signal for sales
train = train.merge(transactions, on="store_nbr", how="left")
train = train.merge(oil, on="date", how="left")

for df in (train, test):
    df["dayofweek"] = df["date"].dt.dayofweek
    df["day"] = df["date"].dt.day
    df["month"] = df["date"].dt.month
    df["family"] = df["family"].astype("category")

features = ["store_nbr", "family", "onpromotion", "transactions", "dcoilwtico", "dayofweek", "day", "month"]
X_tr, X_val, y_tr, y_val = train_test_split(train[features], np.log1p(train["sales"]), test_size=0.2, random_state=0)
model = lgb.LGBMRegressor(n_estimators=800, learning_rate=0.05, num_leaves=127, verbose=-1)
model.fit(X_tr, y_tr, eval_set=[(X_val, y_val)], callbacks=[lgb.log_evaluation(200)])
rmsle = np.sqrt(np.mean((model.predict(X_val) - y_val) ** 2))
print(f"validation RMSLE: {rmsle:.4f}")

test = test.merge(transactions, on=["date", "store_nbr"], how="left").merge(oil, on="date", how="left")
pred = np.expm1(model.predict(test[features])).clip(min=0)
pd.DataFrame({"id": test["id"], "sales": pred}).to_csv("submission.csv", index=False)
print("wrote", len(pred), "rows")
`,
  );
  b.run(
    'python train.py',
    'train.py',
    { stderr: 'bash: line 1:   812 Killed                  python train.py\n', exitCode: 137, killed: true, durationMs: 212480 },
    { category: 'C09', cause: 'transactions merged on store_nbr alone: every sales row joins about 1,500 daily rows of its store, billions of rows' },
  );
  b.sh('ls -la', {
    stdout:
      'total 16\ndrwxr-xr-x 1 root root 4096 Aug 30 09:12 .\ndrwxr-xr-x 1 root root 4096 Aug 30 09:02 ..\ndrwxr-xr-x 2 root root 4096 Aug 30 09:02 data\n-rw-r--r-- 1 root root 1734 Aug 30 09:08 train.py\n',
  });
  b.sh('dmesg | tail -3', { stderr: 'dmesg: read kernel buffer failed: Operation not permitted\n', exitCode: 1 });
  freeG(b, 1);
  b.sh(`python -c "import pandas as pd; tr = pd.read_csv('data/transactions.csv'); print(tr.groupby('store_nbr').size().describe())"`, {
    stdout:
      'count      54.000000\nmean     1546.074074\nstd       158.384711\nmin       799.000000\n25%      1573.250000\n50%      1676.000000\n75%      1677.000000\nmax      1677.000000\ndtype: float64\n',
    durationMs: 1240,
  });
  b.revise('train.py', [['train.merge(transactions, on="store_nbr", how="left")', 'train.merge(transactions, on=["date", "store_nbr"], how="left")']]);
  b.run(
    'python train.py',
    'train.py',
    ok(
      "[200]\tvalid_0's l2: 0.169214\n[400]\tvalid_0's l2: 0.155877\n[600]\tvalid_0's l2: 0.151032\n[800]\tvalid_0's l2: 0.149158\nvalidation RMSLE: 0.3862\nwrote 28512 rows\n",
      409870,
      0.3862,
    ),
  );
  b.sh(
    `python -c "import pandas as pd; t = pd.read_csv('data/test.csv'); tr = pd.read_csv('data/transactions.csv'); m = t.merge(tr, on=['date', 'store_nbr'], how='left'); print('transactions missing in test:', m['transactions'].isna().sum(), 'of', len(m)); print('last transactions date:', tr['date'].max())"`,
    { stdout: 'transactions missing in test: 28512 of 28512\nlast transactions date: 2017-08-15\n', durationMs: 1530 },
  );
  b.revise('train.py', [['"onpromotion", "transactions", "dcoilwtico"', '"onpromotion", "dcoilwtico"']]);
  b.run(
    'python train.py',
    'train.py',
    ok(
      "[200]\tvalid_0's l2: 0.178905\n[400]\tvalid_0's l2: 0.166232\n[600]\tvalid_0's l2: 0.162710\n[800]\tvalid_0's l2: 0.161366\nvalidation RMSLE: 0.4017\nwrote 28512 rows\n",
      388150,
      0.4017,
    ),
  );
  b.sh('head -3 submission.csv', { stdout: 'id,sales\n3000888,4.417306342913478\n3000889,0.0\n' });
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('data/train.csv', usecols=['date'])['date'].agg(['min', 'max']))"`, {
    stdout: 'min    2013-01-01\nmax    2017-08-15\nName: date, dtype: object\n',
    durationMs: 3980,
  });
  b.sh('wc -l submission.csv', { stdout: '28513 submission.csv\n' });
  b.fail(null, {
    category: 'Q04',
    cause: 'validated on a shuffled 20% of rows from all dates: neighbouring days leak, so 0.40 on validation became 0.61 on the next 16 days',
  });
  return b.finish({
    grade: 'wrong',
    score: 0.6124,
    submitted: 'submission.csv (28512 rows)',
    graderVerdict: 'RMSLE 0.6124 on the 16 days after training ends; pass threshold 0.50',
  });
}

const STORE_V1 = `import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge

train = pd.read_csv("data/train.csv", parse_dates=["date"])
test = pd.read_csv("data/test.csv", parse_dates=["date"])
holidays = pd.read_csv("data/holidays_events.csv", parse_dates=["date"])

# the last year is enough for a 16-day horizon and keeps the design matrix small
train = train[train["date"] >= "2016-08-01"]
full = pd.concat([train, test], ignore_index=True)
full["dayofweek"] = full["date"].dt.dayofweek
national = holidays[holidays["locale"] == "National"][["date", "type"]]
full = full.merge(national.rename(columns={"type": "holiday_type"}), on="date", how="left")
full["holiday_type"] = full["holiday_type"].fillna("none")

cats = ["store_nbr", "family", "dayofweek", "holiday_type"]
X_all = pd.get_dummies(full[cats + ["onpromotion"]], columns=cats, dtype=np.float32)
is_test = full["sales"].isna().to_numpy()
X, X_test = X_all[~is_test], X_all[is_test]
y = np.log1p(full.loc[~is_test, "sales"].to_numpy())

cutoff = full.loc[~is_test, "date"].max() - pd.Timedelta(days=15)
val = (full.loc[~is_test, "date"] >= cutoff).to_numpy()
model = Ridge(alpha=1.0).fit(X[~val], y[~val])
val_rmsle = np.sqrt(np.mean((model.predict(X[val]) - y[val]) ** 2))
print(f"validation RMSLE (last 16 days): {val_rmsle:.4f}")

model.fit(X, y)
pred = np.expm1(model.predict(X_test)).clip(min=0)
pd.DataFrame({"id": full.loc[is_test, "id"].astype(int), "sales": pred}).to_csv("submission.csv", index=False)
print("rows written:", len(pred))
`;

/** One-hot of the date column needs 39.8 GiB; then duplicated holidays inflate the submission. */
function r0106() {
  const b = pool('r-0106', 'dsbench-store-sales', 'sonnet-4.5', 2);
  ls(b);
  head(b, 'train.csv', 3);
  head(b, 'oil.csv');
  wc(b);
  freeG(b);
  b.write(
    'forecast.py',
    `import numpy as np
import pandas as pd
from sklearn.linear_model import Ridge

train = pd.read_csv("data/train.csv", parse_dates=["date"])
test = pd.read_csv("data/test.csv", parse_dates=["date"])
holidays = pd.read_csv("data/holidays_events.csv", parse_dates=["date"])

train["dayofweek"] = train["date"].dt.dayofweek
test["dayofweek"] = test["date"].dt.dayofweek
cats = ["store_nbr", "family", "date", "dayofweek"]
X = pd.get_dummies(train[cats + ["onpromotion"]], columns=cats).to_numpy(dtype=np.float64)
y = np.log1p(train["sales"].to_numpy())

model = Ridge(alpha=1.0).fit(X, y)
print("train RMSLE:", np.sqrt(np.mean((model.predict(X) - y) ** 2)))
`,
  );
  b.run(
    'python forecast.py',
    'forecast.py',
    (src, file) =>
      crash(
        numpyAllocation(
          [
            programFrame(file, src, 'X = pd.get_dummies(', '<module>', {
              seg: 'pd.get_dummies(train[cats + ["onpromotion"]], columns=cats).to_numpy(dtype=np.float64)',
            }),
          ],
          '39.8',
          '(1779, 3000888)',
        ),
        48210,
      ),
    { category: 'C07', cause: 'date one-hot encoded (1,684 columns) and densified as float64 for 3 million rows: 39.8 GiB' },
  );
  b.sh(`python -c "import pandas as pd; tr = pd.read_csv('data/train.csv'); print(tr[['store_nbr', 'family', 'date']].nunique())"`, {
    stdout: 'store_nbr      54\nfamily         33\ndate         1684\ndtype: int64\n',
    durationMs: 6710,
  });
  b.write('forecast.py', STORE_V1);
  b.run('python forecast.py', 'forecast.py', ok('validation RMSLE (last 16 days): 0.5692\nrows written: 28776\n', 96540, 0.5692));
  b.sh('wc -l submission.csv data/test.csv', { stdout: '  28777 submission.csv\n  28513 data/test.csv\n  57290 total\n' });
  b.sh(
    `python -c "import pandas as pd; h = pd.read_csv('data/holidays_events.csv'); n = h[h['locale'] == 'National']; print('national rows:', len(n), 'duplicated dates:', n['date'].duplicated().sum())"`,
    { stdout: 'national rows: 174 duplicated dates: 11\n', durationMs: 870 },
  );
  b.revise('forecast.py', [['[["date", "type"]]', '[["date", "type"]].drop_duplicates("date")']]);
  b.run('python forecast.py', 'forecast.py', ok('validation RMSLE (last 16 days): 0.5688\nrows written: 28512\n', 95110, 0.5688));
  b.sh('wc -l submission.csv', { stdout: '28513 submission.csv\n' });
  b.sh('head -3 submission.csv', { stdout: 'id,sales\n3000888,3.9021587\n3000889,0.0\n' });
  b.sh('head -3 data/test.csv', { stdout: 'id,date,store_nbr,family,onpromotion\n3000888,2017-08-16,1,AUTOMOTIVE,0\n3000889,2017-08-16,1,BABY CARE,0\n' });
  b.sh(`python -c "import pandas as pd; s = pd.read_csv('submission.csv'); print(s['id'].nunique(), len(s))"`, { stdout: '28512 28512\n', durationMs: 640 });
  b.fail(null, {
    category: 'P01',
    cause: 'a linear model on one-hot store, family and weekday cannot follow each series level and trend; no lags or per-series model',
  });
  return b.finish({
    grade: 'wrong',
    score: 0.5813,
    submitted: 'submission.csv (28512 rows)',
    graderVerdict: 'RMSLE 0.5813 on the 16 days after training ends; pass threshold 0.50',
  });
}

/** Pool rollouts on DSBench store sales, in rollout order. */
export const storeRollouts = [r0105, r0106];
