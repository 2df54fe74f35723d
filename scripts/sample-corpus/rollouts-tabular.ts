/**
 * Collection "pool", mining side, continued: the DSBench wine-quality task (an ordinal
 * target scored by quadratic weighted kappa) and a pool re-run of a DABench regression.
 */
import { chain, programFrame, traceback } from './python-traceback';
import { dtypes, head, ls } from './explore';
import { type RolloutBuilder, crash, ok, startRollout } from './rollout-builder';
import { readCsvNotFound } from './tracebacks';

const pool = (id: string, task: string, agent: string, seed: number): RolloutBuilder => startRollout({ id, task, collection: 'pool', agent, seed });

const WINE_COUNTS = 'quality\n5    859\n6    808\n7    265\n8     56\n4     55\n3     13\nName: count, dtype: int64\n';

/** LightGBM 4 rejects `early_stopping_rounds`; then the model is picked by accuracy on a kappa task. */
function r0103() {
  const b = pool('r-0103', 'dsbench-wine-quality', 'haiku-4.5', 1);
  ls(b);
  head(b, 'train.csv');
  dtypes(b, 'train.csv');
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('data/train.csv')['quality'].value_counts())"`, { stdout: WINE_COUNTS, durationMs: 880 });
  b.write(
    'model.py',
    `import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import train_test_split
from sklearn.metrics import accuracy_score

train = pd.read_csv("data/train.csv")
test = pd.read_csv("data/test.csv")

features = [c for c in train.columns if c not in ("Id", "quality")]
X_tr, X_val, y_tr, y_val = train_test_split(
    train[features], train["quality"], test_size=0.2, random_state=42, stratify=train["quality"]
)

model = lgb.LGBMClassifier(n_estimators=1000, learning_rate=0.03, verbose=-1)
model.fit(X_tr, y_tr, eval_set=[(X_val, y_val)], early_stopping_rounds=50)
print("Validation accuracy:", round(accuracy_score(y_val, model.predict(X_val)), 4))

sub = pd.DataFrame({"Id": test["Id"], "quality": model.predict(test[features])})
sub.to_csv("submission.csv", index=False)
`,
  );
  b.run(
    'python model.py',
    'model.py',
    (src, file) =>
      crash(
        traceback(
          [programFrame(file, src, 'model.fit(X_tr, y_tr')],
          "TypeError: LGBMClassifier.fit() got an unexpected keyword argument 'early_stopping_rounds'",
        ),
        2380,
      ),
    { category: 'C06', cause: 'early_stopping_rounds was removed from fit() in LightGBM 4; it is a callback now' },
  );
  b.sh('python -c "import lightgbm; print(lightgbm.__version__)"', { stdout: '4.5.0\n', durationMs: 610 });
  b.sh(`python -c "import lightgbm, inspect; print(inspect.signature(lightgbm.LGBMClassifier.fit))"`, {
    stdout:
      "(self, X, y, sample_weight=None, init_score=None, eval_set=None, eval_names=None, eval_sample_weight=None, eval_class_weight=None, eval_init_score=None, eval_metric=None, feature_name='auto', categorical_feature='auto', callbacks=None, init_model=None)\n",
    durationMs: 1420,
  });
  b.revise('model.py', [['early_stopping_rounds=50)', 'callbacks=[lgb.early_stopping(50)])']]);
  b.run(
    'python model.py',
    'model.py',
    ok(
      "Training until validation scores don't improve for 50 rounds\nEarly stopping, best iteration is:\n[87]\tvalid_0's multi_logloss: 0.982154\nValidation accuracy: 0.5801\n",
      4170,
      0.5801,
    ),
  );
  b.revise('model.py', [
    [
      'model = lgb.LGBMClassifier(n_estimators=1000, learning_rate=0.03, verbose=-1)\nmodel.fit(X_tr, y_tr, eval_set=[(X_val, y_val)], callbacks=[lgb.early_stopping(50)])\nprint("Validation accuracy:", round(accuracy_score(y_val, model.predict(X_val)), 4))',
      `best_acc, best_model = 0.0, None
for leaves in (15, 31, 63):
    m = lgb.LGBMClassifier(n_estimators=1000, learning_rate=0.03, num_leaves=leaves, verbose=-1)
    m.fit(X_tr, y_tr, eval_set=[(X_val, y_val)], callbacks=[lgb.early_stopping(50, verbose=False)])
    acc = accuracy_score(y_val, m.predict(X_val))
    print(f"num_leaves={leaves}: accuracy {acc:.4f}")
    if acc > best_acc:
        best_acc, best_model = acc, m
model = best_model
print("Validation accuracy:", round(best_acc, 4))`,
    ],
  ]);
  b.run(
    'python model.py',
    'model.py',
    ok('num_leaves=15: accuracy 0.5874\nnum_leaves=31: accuracy 0.5801\nnum_leaves=63: accuracy 0.5728\nValidation accuracy: 0.5874\n', 9620, 0.5874),
  );
  b.sh('head -3 submission.csv', { stdout: 'Id,quality\n2056,6\n2057,5\n' });
  b.sh('head -3 data/sample_submission.csv', { stdout: 'Id,quality\n2056,5\n2057,5\n' });
  b.sh('wc -l submission.csv data/sample_submission.csv', { stdout: '  1373 submission.csv\n  1373 data/sample_submission.csv\n  2746 total\n' });
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('submission.csv')['quality'].value_counts())"`, {
    stdout: 'quality\n5    612\n6    571\n7    189\nName: count, dtype: int64\n',
    durationMs: 700,
  });
  b.fail(null, {
    category: 'Q02',
    cause: 'model chosen and early-stopped on accuracy / multi-logloss; the task is scored by quadratic weighted kappa, which rewards ordered near-misses',
  });
  return b.finish({
    grade: 'wrong',
    score: 0.4791,
    submitted: 'submission.csv (1372 rows)',
    graderVerdict: 'quadratic weighted kappa 0.4791; pass threshold 0.52',
  });
}

const KAGGLE = '/kaggle/input/playground-series-s3e5';

/** Kaggle-notebook paths with a fallback: a chained FileNotFoundError; then regression plus tuned cut points. */
function r0104() {
  const b = pool('r-0104', 'dsbench-wine-quality', 'sonnet-4.5', 2);
  b.write(
    'final.py',
    `import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.metrics import cohen_kappa_score
from sklearn.model_selection import StratifiedKFold

try:
    train = pd.read_csv("${KAGGLE}/train.csv")
    test = pd.read_csv("${KAGGLE}/test.csv")
except FileNotFoundError:
    train = pd.read_csv("../input/train.csv")
    test = pd.read_csv("../input/test.csv")

features = [c for c in train.columns if c not in ("Id", "quality")]
oof = np.zeros(len(train))
test_pred = np.zeros(len(test))
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=0)
for fold, (tr, va) in enumerate(skf.split(train, train["quality"])):
    reg = lgb.LGBMRegressor(n_estimators=600, learning_rate=0.02, num_leaves=15, verbose=-1)
    reg.fit(train.loc[tr, features], train.loc[tr, "quality"])
    oof[va] = reg.predict(train.loc[va, features])
    test_pred += reg.predict(test[features]) / skf.n_splits


def qwk(cuts):
    return cohen_kappa_score(train["quality"], np.digitize(oof, cuts) + 3, weights="quadratic")


# regression output -> ordinal labels: move each cut point to where kappa is highest
cuts = np.array([3.5, 4.5, 5.5, 6.5, 7.5])
for i in range(len(cuts)):
    candidates = np.arange(cuts[i] - 0.5, cuts[i] + 0.5, 0.02)
    cuts[i] = max(candidates, key=lambda c: qwk(np.r_[cuts[:i], c, cuts[i + 1:]]))
print(f"OOF QWK: {qwk(cuts):.4f} cuts={np.round(cuts, 2).tolist()}")

labels = np.digitize(test_pred, cuts) + 3
pd.DataFrame({"Id": test["Id"], "quality": labels}).to_csv("submission.csv", index=False)
`,
  );
  b.run(
    'python final.py',
    'final.py',
    (src, file) =>
      crash(
        chain(
          readCsvNotFound(
            [programFrame(file, src, `train = pd.read_csv("${KAGGLE}/train.csv")`, '<module>', { seg: `pd.read_csv("${KAGGLE}/train.csv")` })],
            `${KAGGLE}/train.csv`,
          ),
          readCsvNotFound(
            [programFrame(file, src, 'train = pd.read_csv("../input/train.csv")', '<module>', { seg: 'pd.read_csv("../input/train.csv")' })],
            '../input/train.csv',
          ),
          'context',
        ),
        1460,
      ),
    { category: 'C04', cause: 'Kaggle notebook paths (/kaggle/input, ../input) do not exist here; the data is in data/' },
  );
  b.sh('ls ..', { stdout: 'workspace\n' });
  ls(b);
  head(b, 'train.csv', 3);
  dtypes(b, 'train.csv');
  b.revise('final.py', [
    [
      `try:\n    train = pd.read_csv("${KAGGLE}/train.csv")\n    test = pd.read_csv("${KAGGLE}/test.csv")\nexcept FileNotFoundError:\n    train = pd.read_csv("../input/train.csv")\n    test = pd.read_csv("../input/test.csv")`,
      'train = pd.read_csv("data/train.csv")\ntest = pd.read_csv("data/test.csv")',
    ],
  ]);
  b.run('python final.py', 'final.py', ok('OOF QWK: 0.5512 cuts=[3.86, 4.62, 5.5, 6.38, 7.24]\n', 21350, 0.5512));
  b.sh('head -3 submission.csv', { stdout: 'Id,quality\n2056,6\n2057,5\n' });
  b.sh('wc -l submission.csv', { stdout: '1373 submission.csv\n' });
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('submission.csv')['quality'].value_counts().sort_index())"`, {
    stdout: 'quality\n4     21\n5    583\n6    544\n7    211\n8     13\nName: count, dtype: int64\n',
    durationMs: 690,
  });
  b.sh(`python -c "import pandas as pd; print(list(pd.read_csv('submission.csv').columns), list(pd.read_csv('data/sample_submission.csv').columns))"`, {
    stdout: "['Id', 'quality'] ['Id', 'quality']\n",
    durationMs: 720,
  });
  return b.finish({
    grade: 'correct',
    score: 0.5436,
    submitted: 'submission.csv (1372 rows)',
    graderVerdict: 'quadratic weighted kappa 0.5436; pass threshold 0.52',
  });
}

/** A pool re-run of the DABench regression: an off-by-one over coefficient names, then the right answer. */
function r0109() {
  const b = pool('r-0109', 'dabench-352', 'sonnet-4.5', 3);
  ls(b);
  head(b, 'house_prices.csv', 3);
  dtypes(b, 'house_prices.csv');
  b.sh(
    `python -c "import pandas as pd; df = pd.read_csv('house_prices.csv'); print(df[['LotFrontage', 'GrLivArea', 'OverallQual', 'SalePrice']].isna().sum())"`,
    {
      stdout: 'LotFrontage    259\nGrLivArea        0\nOverallQual      0\nSalePrice        0\ndtype: int64\n',
      durationMs: 1010,
    },
  );
  b.write(
    'regress.py',
    `import pandas as pd
from sklearn.linear_model import LinearRegression

df = pd.read_csv("house_prices.csv")
cols = ["LotFrontage", "GrLivArea", "OverallQual"]
data = df.dropna(subset=cols + ["SalePrice"])
print(f"rows kept: {len(data)} of {len(df)}")

model = LinearRegression().fit(data[cols], data["SalePrice"])
r2 = model.score(data[cols], data["SalePrice"])
for i, name in enumerate(cols + ["SalePrice"]):
    print(f"{name}: {model.coef_[i]:.2f}")
print(f"@r_squared[{r2:.3f}]")
`,
  );
  b.run(
    'python regress.py',
    'regress.py',
    (src, file) =>
      crash(
        traceback(
          [programFrame(file, src, 'print(f"{name}: {model.coef_[i]:.2f}")', '<module>', { seg: 'model.coef_[i]', subscript: true })],
          'IndexError: index 3 is out of bounds for axis 0 with size 3',
        ),
        2010,
        'rows kept: 1201 of 1460\nLotFrontage: 112.87\nGrLivArea: 62.41\nOverallQual: 32704.18\n',
      ),
    { category: 'C03', cause: 'loops over four names (target included) for a model with three coefficients' },
  );
  b.revise('regress.py', [['enumerate(cols + ["SalePrice"])', 'enumerate(cols)']]);
  b.run(
    'python regress.py',
    'regress.py',
    ok('rows kept: 1201 of 1460\nLotFrontage: 112.87\nGrLivArea: 62.41\nOverallQual: 32704.18\n@r_squared[0.749]\n', 1970),
  );
  b.sh('python -c "print(1460 - 259)"', { stdout: '1201\n', durationMs: 50 });
  b.sh(
    `python -c "import pandas as pd; df = pd.read_csv('house_prices.csv').dropna(subset=['LotFrontage']); print(df[['LotFrontage', 'GrLivArea', 'OverallQual']].corrwith(df['SalePrice']).round(3))"`,
    {
      stdout: 'LotFrontage    0.352\nGrLivArea      0.710\nOverallQual    0.791\ndtype: float64\n',
      durationMs: 1090,
    },
  );
  return b.finish({ grade: 'correct', score: 1, submitted: '@r_squared[0.749]', graderVerdict: 'all 1 fields match' });
}

/** Pool rollouts on wine quality and the DABench re-run, in rollout order. */
export const tabularRollouts = [r0103, r0104, r0109];
