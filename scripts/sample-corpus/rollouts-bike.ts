/**
 * Collection "pool", mining: DSBench bike sharing (hourly demand, RMSLE). Two rollouts
 * whose scripts go through several versions, each fixing the previous failure (missing
 * package, train-only columns, negative predictions, a grid search over the time cap).
 */
import { programFrame } from './python-traceback';
import { dtypes, freeG, grepN, head, ls, pipInstallOffline, pipList, wc } from './explore';
import { type RolloutBuilder, crash, ok, startRollout } from './rollout-builder';
import { moduleNotFound, rmsleNegative, sklearnFeatureNames } from './tracebacks';

const pool = (id: string, task: string, agent: string, seed: number): RolloutBuilder => startRollout({ id, task, collection: 'pool', agent, seed });

const BIKE_V0 = `import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split

train = pd.read_csv("data/train.csv", parse_dates=["datetime"])
test = pd.read_csv("data/test.csv", parse_dates=["datetime"])

for df in (train, test):
    df["year"] = df["datetime"].dt.year
    df["month"] = df["datetime"].dt.month

X = train.drop(columns=["datetime", "count"])
y = train["count"]
X_tr, X_val, y_tr, y_val = train_test_split(X, y, test_size=0.2, random_state=0)

model = lgb.LGBMRegressor(n_estimators=500, learning_rate=0.05)
model.fit(X_tr, y_tr)
val_pred = model.predict(X_val)
print("val RMSLE:", np.sqrt(np.mean((np.log1p(val_pred) - np.log1p(y_val)) ** 2)))

X_test = test.drop(columns=["datetime"])
sub = pd.DataFrame({"datetime": test["datetime"], "count": model.predict(X_test)})
sub.to_csv("submission.csv", index=False)
print("wrote", len(sub), "rows")
`;

/** lightgbm missing → leaky casual/registered columns → negative predictions → runs, without the hour. */
function r0101() {
  const b = pool('r-0101', 'dsbench-bike-sharing', 'haiku-4.5', 1);
  b.sh('du -sh data/*', { stdout: '316K\tdata/sampleSubmission.csv\n316K\tdata/test.csv\n636K\tdata/train.csv\n' });
  freeG(b);
  ls(b);
  head(b, 'train.csv');
  head(b, 'test.csv', 3);
  wc(b);
  b.sh('python -c "import sklearn, xgboost; print(sklearn.__version__, xgboost.__version__)"', { stdout: '1.5.1 2.1.1\n', durationMs: 1480 });
  b.write('train.py', BIKE_V0);
  b.run('python train.py', 'train.py', (src, file) => crash(moduleNotFound([programFrame(file, src, 'import lightgbm as lgb')], 'lightgbm'), 920), {
    category: 'C01',
    cause: 'lightgbm is not in the DSBench image',
  });
  const pipStep = pipInstallOffline(b, 'lightgbm');
  b.fail(pipStep, { category: 'C01', cause: 'no network in the sandbox, so pip cannot fetch lightgbm' }, 'missing_package');
  pipList(b, ['lightgbm', 'xgboost', 'scikit-learn']);
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('data/train.csv')[['casual', 'registered', 'count']].head(3))"`, {
    stdout: '   casual  registered  count\n0       3          13     16\n1       8          32     40\n2       5          27     32\n',
    durationMs: 870,
  });
  b.revise('train.py', [
    ['import lightgbm as lgb', 'from sklearn.ensemble import HistGradientBoostingRegressor'],
    ['lgb.LGBMRegressor(n_estimators=500, learning_rate=0.05)', 'HistGradientBoostingRegressor(max_iter=500, learning_rate=0.05)'],
  ]);
  b.run(
    'python train.py',
    'train.py',
    (src, file) =>
      crash(
        sklearnFeatureNames([programFrame(file, src, 'sub = pd.DataFrame(', '<module>', { seg: 'model.predict(X_test)' })], ['casual', 'registered']),
        6120,
        'val RMSLE: 0.04117253096011593\n',
      ),
    { category: 'C03', cause: 'casual and registered were features at fit time; test.csv has neither (they sum to the target)' },
  );
  b.revise('train.py', [
    [
      'from sklearn.model_selection import train_test_split',
      'from sklearn.metrics import root_mean_squared_log_error\nfrom sklearn.model_selection import train_test_split',
    ],
    ['columns=["datetime", "count"]', 'columns=["datetime", "casual", "registered", "count"]'],
    ['np.sqrt(np.mean((np.log1p(val_pred) - np.log1p(y_val)) ** 2))', 'root_mean_squared_log_error(y_val, val_pred)'],
  ]);
  b.run(
    'python train.py',
    'train.py',
    (src, file) =>
      crash(rmsleNegative([programFrame(file, src, 'print("val RMSLE:"', '<module>', { seg: 'root_mean_squared_log_error(y_val, val_pred)' })]), 5480),
    { category: 'C06', cause: 'squared-error boosting on raw counts predicts negative demand for night hours; RMSLE rejects negative values' },
  );
  grepN(b, 'predict', 'train.py');
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('data/train.csv')['count'].describe())"`, {
    stdout:
      'count    10886.000000\nmean       191.574132\nstd        181.144454\nmin          1.000000\n25%         42.000000\n50%        145.000000\n75%        284.000000\nmax        977.000000\nName: count, dtype: float64\n',
    durationMs: 930,
  });
  b.revise('train.py', [
    ['y = train["count"]', 'y = np.log1p(train["count"])'],
    ['val_pred = model.predict(X_val)', 'val_pred = np.expm1(model.predict(X_val)).clip(min=0)'],
    ['root_mean_squared_log_error(y_val, val_pred)', 'root_mean_squared_log_error(np.expm1(y_val), val_pred)'],
    ['"count": model.predict(X_test)', '"count": np.expm1(model.predict(X_test)).clip(min=0)'],
  ]);
  b.run('python train.py', 'train.py', ok('val RMSLE: 0.43183529361070236\nwrote 6493 rows\n', 5930, 0.4318));
  b.sh('head -3 submission.csv', { stdout: 'datetime,count\n2011-01-20 00:00:00,14.382610744096395\n2011-01-20 01:00:00,8.907156520474513\n' });
  b.sh('wc -l submission.csv', { stdout: '6494 submission.csv\n' });
  b.sh('head -2 data/sampleSubmission.csv', { stdout: 'datetime,count\n2011-01-20 00:00:00,0\n' });
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('submission.csv')['count'].describe())"`, {
    stdout:
      'count    6493.000000\nmean      177.524018\nstd       151.883604\nmin         2.115203\n25%        46.713339\n50%       146.052178\n75%       268.410752\nmax       701.228451\nName: count, dtype: float64\n',
    durationMs: 990,
  });
  b.fail(null, { category: 'P04', cause: 'only year and month are taken from datetime; the hour of day, the strongest driver of demand, is never a feature' });
  return b.finish({
    grade: 'wrong',
    score: 0.4466,
    submitted: 'submission.csv (6493 rows)',
    graderVerdict: 'RMSLE 0.4466 on the held-out days; pass threshold 0.42',
  });
}

const BIKE_GRID = `import numpy as np
import pandas as pd
from sklearn.ensemble import RandomForestRegressor
from sklearn.model_selection import GridSearchCV

train = pd.read_csv("data/train.csv", parse_dates=["datetime"])
test = pd.read_csv("data/test.csv", parse_dates=["datetime"])


def add_time_features(df):
    df["hour"] = df["datetime"].dt.hour
    df["dayofweek"] = df["datetime"].dt.dayofweek
    df["month"] = df["datetime"].dt.month
    df["year"] = df["datetime"].dt.year
    return df


train = add_time_features(train)
test = add_time_features(test)
features = ["season", "holiday", "workingday", "weather", "temp", "atemp",
            "humidity", "windspeed", "hour", "dayofweek", "month", "year"]
y = np.log1p(train["count"])

grid = {
    "n_estimators": [300, 600, 1000],
    "max_depth": [None, 12, 20, 30],
    "min_samples_leaf": [1, 2, 4],
    "max_features": [0.5, 0.8, 1.0, "sqrt"],
}
search = GridSearchCV(RandomForestRegressor(random_state=0), grid, cv=5,
                      scoring="neg_root_mean_squared_error", n_jobs=-1, verbose=1)
search.fit(train[features], y)
print("best params:", search.best_params_)
print("CV RMSLE:", round(-search.best_score_, 4))

pred = np.expm1(search.predict(test[features]))
pd.DataFrame({"datetime": test["datetime"], "count": pred}).to_csv("submission.csv", index=False)
`;

/** A 720-fit grid search hits the 600 s cap; a small boosting grid plus a rush-hour flag passes. */
function r0102() {
  const b = pool('r-0102', 'dsbench-bike-sharing', 'sonnet-4.5', 1);
  ls(b);
  head(b, 'train.csv', 3);
  head(b, 'test.csv', 3);
  dtypes(b, 'train.csv');
  b.write('train.py', BIKE_GRID);
  b.run(
    'timeout 600 python train.py',
    'train.py',
    { stdout: 'Fitting 5 folds for each of 144 candidates, totalling 720 fits\n', exitCode: 124, timedOut: true, durationMs: 600012 },
    { category: 'C08', cause: '144 candidates x 5 folds of forests up to 1000 trees on 2 cores cannot finish in 600 s' },
  );
  b.sh('nproc', { stdout: '2\n', durationMs: 12 });
  freeG(b);
  grepN(b, 'n_jobs', 'train.py');
  b.revise('train.py', [
    ['from sklearn.ensemble import RandomForestRegressor', 'from sklearn.ensemble import HistGradientBoostingRegressor'],
    [
      '    "n_estimators": [300, 600, 1000],\n    "max_depth": [None, 12, 20, 30],\n    "min_samples_leaf": [1, 2, 4],\n    "max_features": [0.5, 0.8, 1.0, "sqrt"],\n',
      '    "learning_rate": [0.05, 0.1],\n    "max_leaf_nodes": [31, 63],\n',
    ],
    ['RandomForestRegressor(random_state=0)', 'HistGradientBoostingRegressor(max_iter=400, random_state=0)'],
  ]);
  b.run(
    'timeout 600 python train.py',
    'train.py',
    ok(
      "Fitting 5 folds for each of 4 candidates, totalling 20 fits\nbest params: {'learning_rate': 0.1, 'max_leaf_nodes': 63}\nCV RMSLE: 0.3472\n",
      52340,
      0.3472,
    ),
  );
  b.revise('train.py', [
    [
      '    df["year"] = df["datetime"].dt.year\n',
      '    df["year"] = df["datetime"].dt.year\n    df["rush_hour"] = (df["hour"].isin([7, 8, 17, 18, 19]) & (df["workingday"] == 1)).astype(int)\n',
    ],
    ['"month", "year"]', '"month", "year", "rush_hour"]'],
  ]);
  b.run(
    'timeout 600 python train.py',
    'train.py',
    ok(
      "Fitting 5 folds for each of 4 candidates, totalling 20 fits\nbest params: {'learning_rate': 0.1, 'max_leaf_nodes': 63}\nCV RMSLE: 0.3318\n",
      55710,
      0.3318,
    ),
  );
  b.sh('head -3 submission.csv', { stdout: 'datetime,count\n2011-01-20 00:00:00,11.602419018372447\n2011-01-20 01:00:00,5.126071264853212\n' });
  b.sh('wc -l submission.csv data/sampleSubmission.csv', { stdout: '  6494 submission.csv\n  6494 data/sampleSubmission.csv\n 12988 total\n' });
  b.sh('ls -la', {
    stdout:
      'total 352\ndrwxr-xr-x 1 root root   4096 Aug 28 14:02 .\ndrwxr-xr-x 1 root root   4096 Aug 28 13:41 ..\ndrwxr-xr-x 2 root root   4096 Aug 28 13:41 data\n-rw-r--r-- 1 root root 340127 Aug 28 14:02 submission.csv\n-rw-r--r-- 1 root root   1377 Aug 28 14:00 train.py\n',
  });
  return b.finish({
    grade: 'correct',
    score: 0.3904,
    submitted: 'submission.csv (6493 rows)',
    graderVerdict: 'RMSLE 0.3904 on the held-out days; pass threshold 0.42',
  });
}

/** Pool rollouts on DSBench bike sharing, in rollout order. */
export const bikeRollouts = [r0101, r0102];

/** The first, over-sized grid-search program, reused by the inline-program case. */
export const bikeGridProgram = BIKE_GRID;
