/**
 * Collection "pool", held out: MLE-bench spaceship-titanic, graded on its real
 * leaderboard (fixtures/real/mle-bench-leaderboards, 2,288 teams, accuracy). By the
 * MLE-bench rule: gold 0.82066, silver 0.81388, bronze 0.80967, median 0.79565.
 * Held-out rollouts are evaluated on, never mined: no rubric may cite them.
 */
import { programFrame } from './python-traceback';
import { dtypes, head, ls, pipList, wc } from './explore';
import { crash, ok } from './rollout-builder';
import { dataFrameAttribute, lightgbmFeatureCount, sklearnStringToFloat } from './tracebacks';
import { SUB, pool } from './rollouts-mle-common';

const SHIP_VERDICT = '(2,288 teams): median 0.79565, bronze 0.80967, silver 0.81388, gold 0.82066';

/** Separate get_dummies on train and test: LightGBM sees 11,873 vs 3,312 features. */
function r0110() {
  const b = pool('r-0110', 'spaceship-titanic', 'haiku-4.5', 1);
  ls(b);
  head(b, 'train.csv');
  wc(b);
  dtypes(b, 'train.csv');
  b.write(
    'solution.py',
    `import pandas as pd
import lightgbm as lgb
from sklearn.model_selection import cross_val_score

train = pd.read_csv("/home/data/train.csv")
test = pd.read_csv("/home/data/test.csv")

y = train.pop("Transported").astype(int)
X = pd.get_dummies(train.drop(columns=["PassengerId"]))
X_test = pd.get_dummies(test.drop(columns=["PassengerId"]))

model = lgb.LGBMClassifier(n_estimators=300, learning_rate=0.05, verbose=-1)
print("CV accuracy:", cross_val_score(model, X, y, cv=5, scoring="accuracy").mean())
model.fit(X, y)

pred = model.predict(X_test).astype(bool)
pd.DataFrame({"PassengerId": test["PassengerId"], "Transported": pred}).to_csv("${SUB}", index=False)
`,
  );
  b.run(
    'python solution.py',
    'solution.py',
    (src, file) =>
      crash(
        lightgbmFeatureCount([programFrame(file, src, 'pred = model.predict(X_test)', '<module>', { seg: 'model.predict(X_test)' })], 11873, 3312),
        31800,
        'CV accuracy: 0.7864178024590712\n',
      ),
    { category: 'C03', cause: 'train and test one-hot encoded separately; Name and Cabin give thousands of columns that differ between them' },
  );
  b.sh(
    `python -c "import pandas as pd; tr = pd.read_csv('/home/data/train.csv'); te = pd.read_csv('/home/data/test.csv'); print(tr['Cabin'].nunique(), te['Cabin'].nunique(), tr['Name'].nunique(), te['Name'].nunique())"`,
    {
      stdout: '5305 1571 6786 1709\n',
      durationMs: 1060,
    },
  );
  b.revise('solution.py', [
    [
      'X_test = pd.get_dummies(test.drop(columns=["PassengerId"]))',
      'X_test = pd.get_dummies(test.drop(columns=["PassengerId"])).reindex(columns=X.columns, fill_value=0)',
    ],
  ]);
  b.run('python solution.py', 'solution.py', ok('CV accuracy: 0.7864178024590712\n', 33420, 0.7864));
  b.sh(`head -3 ${SUB}`, { stdout: 'PassengerId,Transported\n0013_01,True\n0018_01,False\n' });
  b.sh(`wc -l ${SUB}`, { stdout: `1740 ${SUB}\n` });
  b.sh('ls /home/submission', { stdout: 'submission.csv\n' });
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('${SUB}')['Transported'].mean())"`, { stdout: '0.5146635997699827\n', durationMs: 610 });
  b.fail(null, { category: 'P04', cause: 'Cabin and Name one-hot encoded as near-unique columns; deck/number/side and group size never derived' });
  return b.finish({
    grade: 'wrong',
    score: 0.79424,
    submitted: 'submission.csv (1739 rows)',
    graderVerdict: `accuracy 0.79424; leaderboard ${SHIP_VERDICT}`,
    medal: 'none',
    aboveMedian: false,
    validSubmission: true,
  });
}

const SHIP_CATBOOST = `import numpy as np
import pandas as pd
from catboost import CatBoostClassifier
from sklearn.model_selection import StratifiedKFold

train = pd.read_csv("/home/data/train.csv")
test = pd.read_csv("/home/data/test.csv")


def prepare(df):
    df = df.copy()
    df[["Deck", "CabinNum", "Side"]] = df["Cabin"].str.split("/", expand=True)
    df["CabinNum"] = pd.to_numeric(df["CabinNum"])
    df["Group"] = df["PassengerId"].str.split("_").str[0]
    df["GroupSize"] = df.groupby("Group")["PassengerId"].transform("count")
    spend = ["RoomService", "FoodCourt", "ShoppingMall", "Spa", "VRDeck"]
    df[spend] = df[spend].fillna(0)
    df["TotalSpend"] = df[spend].sum(axis=1)
    for col in ["HomePlanet", "CryoSleep", "Destination", "VIP", "Deck", "Side"]:
        df[col] = df[col].astype(str)
    return df.drop(columns=["PassengerId", "Name", "Cabin", "Group"])


X = prepare(train.drop(columns=["Transported"]))
y = train["Transported"].astype(int)
X_test = prepare(test)
cat_cols = ["HomePlanet", "CryoSleep", "Destination", "VIP", "Deck", "Side"]

results = pd.DataFrame(columns=["fold", "accuracy", "best_iteration"])
test_prob = np.zeros(len(X_test))
skf = StratifiedKFold(n_splits=5, shuffle=True, random_state=42)
for fold, (tr, va) in enumerate(skf.split(X, y)):
    model = CatBoostClassifier(iterations=2000, learning_rate=0.03, depth=6, cat_features=cat_cols,
                               early_stopping_rounds=100, verbose=0)
    model.fit(X.iloc[tr], y.iloc[tr], eval_set=(X.iloc[va], y.iloc[va]))
    acc = (model.predict(X.iloc[va]) == y.iloc[va]).mean()
    results = results.append({"fold": fold, "accuracy": acc, "best_iteration": model.get_best_iteration()}, ignore_index=True)
    test_prob += model.predict_proba(X_test)[:, 1] / skf.n_splits

print(results)
print("mean CV accuracy:", round(results["accuracy"].mean(), 4))
sub = pd.DataFrame({"PassengerId": test["PassengerId"], "Transported": test_prob > 0.5})
sub.to_csv("${SUB}", index=False)
`;

/** Cabin split and group size with CatBoost; `DataFrame.append` (gone in pandas 2) stops the first run. */
function r0111() {
  const b = pool('r-0111', 'spaceship-titanic', 'sonnet-4.5', 1);
  ls(b);
  head(b, 'train.csv', 3);
  dtypes(b, 'train.csv');
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('/home/data/train.csv').isna().sum())"`, {
    stdout:
      'PassengerId       0\nHomePlanet      161\nCryoSleep       174\nCabin           158\nDestination     145\nAge             143\nVIP             162\nRoomService     145\nFoodCourt       146\nShoppingMall    165\nSpa             145\nVRDeck          150\nName            160\nTransported       0\ndtype: int64\n',
    durationMs: 940,
  });
  pipList(b, ['catboost', 'lightgbm', 'xgboost']);
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('/home/data/train.csv')['Cabin'].str.split('/', expand=True).head(3))"`, {
    stdout: '   0  1  2\n0  B  0  P\n1  F  0  S\n2  A  0  S\n',
    durationMs: 820,
  });
  b.write('solution.py', SHIP_CATBOOST);
  b.run(
    'python solution.py',
    'solution.py',
    (src, file) =>
      crash(
        dataFrameAttribute(
          [programFrame(file, src, 'results = results.append(', '<module>', { seg: 'results.append' })],
          "'DataFrame' object has no attribute 'append'. Did you mean: '_append'?",
        ),
        11240,
      ),
    { category: 'C06', cause: 'DataFrame.append was removed in pandas 2.0' },
  );
  b.revise('solution.py', [
    [
      'results = results.append({"fold": fold, "accuracy": acc, "best_iteration": model.get_best_iteration()}, ignore_index=True)',
      'results.loc[fold] = [fold, acc, model.get_best_iteration()]',
    ],
  ]);
  b.run(
    'python solution.py',
    'solution.py',
    ok(
      '  fold  accuracy best_iteration\n0    0  0.814953            812\n1    1  0.806331            655\n2    2  0.818109           1034\n3    3  0.809353            747\n4    4  0.807338            903\nmean CV accuracy: 0.8112\n',
      58310,
      0.8112,
    ),
  );
  b.sh(`head -3 ${SUB}`, { stdout: 'PassengerId,Transported\n0013_01,True\n0018_01,False\n' });
  b.sh(`wc -l ${SUB}`, { stdout: `1740 ${SUB}\n` });
  b.sh(`python -c "import pandas as pd; s = pd.read_csv('${SUB}'); print(s['Transported'].dtype, len(s))"`, { stdout: 'bool 1739\n', durationMs: 620 });
  b.sh(
    `python -c "import pandas as pd; s = pd.read_csv('${SUB}'); t = pd.read_csv('/home/data/sample_submission.csv'); print((s['PassengerId'] == t['PassengerId']).all())"`,
    { stdout: 'True\n', durationMs: 640 },
  );
  return b.finish({
    grade: 'correct',
    score: 0.81015,
    submitted: 'submission.csv (1739 rows)',
    graderVerdict: `accuracy 0.81015; bronze on leaderboard ${SHIP_VERDICT}`,
    medal: 'bronze',
    aboveMedian: true,
    validSubmission: true,
  });
}

/** Strings into a random forest, then a submission with a saved index and 0/1 labels. */
function r0112() {
  const b = pool('r-0112', 'spaceship-titanic', 'haiku-4.5', 2);
  ls(b);
  head(b, 'train.csv', 3);
  b.sh('python -c "import sklearn; print(sklearn.__version__)"', { stdout: '1.5.1\n', durationMs: 700 });
  dtypes(b, 'train.csv');
  b.write(
    'solution.py',
    `import pandas as pd
from sklearn.ensemble import RandomForestClassifier

train = pd.read_csv("/home/data/train.csv")
test = pd.read_csv("/home/data/test.csv")

features = ["HomePlanet", "CryoSleep", "Age", "VIP", "RoomService", "FoodCourt", "ShoppingMall", "Spa", "VRDeck"]
X = train[features].fillna(0)
y = train["Transported"]

model = RandomForestClassifier(n_estimators=400, random_state=0)
model.fit(X, y)
pred = model.predict(test[features].fillna(0))

submission = pd.DataFrame({"PassengerId": test["PassengerId"], "Transported": pred.astype(int)})
submission.to_csv("${SUB}")
print(submission.head())
`,
  );
  b.run(
    'python solution.py',
    'solution.py',
    (src, file) => crash(sklearnStringToFloat([programFrame(file, src, 'model.fit(X, y)')], 'sklearn/ensemble/_forest.py', 363, 'Europa'), 1870),
    { category: 'C03', cause: 'HomePlanet is a string column passed straight to RandomForestClassifier' },
  );
  b.revise('solution.py', [
    ['X = train[features].fillna(0)', 'X = pd.get_dummies(train[features], columns=["HomePlanet"]).fillna(0).astype(float)'],
    ['model.predict(test[features].fillna(0))', 'model.predict(pd.get_dummies(test[features], columns=["HomePlanet"]).fillna(0).astype(float))'],
  ]);
  b.run(
    'python solution.py',
    'solution.py',
    ok(
      '  PassengerId  Transported\n0     0013_01            1\n1     0018_01            0\n2     0019_01            1\n3     0021_01            1\n4     0023_01            0\n',
      8930,
    ),
  );
  b.sh('ls -la /home/submission', {
    stdout:
      'total 32\ndrwxr-xr-x 2 root root  4096 Sep  1 16:07 .\ndrwxr-xr-x 1 root root  4096 Sep  1 15:52 ..\n-rw-r--r-- 1 root root 20876 Sep  1 16:07 submission.csv\n',
  });
  b.sh(`head -3 ${SUB}`, { stdout: ',PassengerId,Transported\n0,0013_01,1\n1,0018_01,0\n' });
  b.sh(`wc -l ${SUB}`, { stdout: `1740 ${SUB}\n` });
  b.fail(null, {
    kind: 'invalid_output',
    category: 'Q07',
    cause: 'to_csv without index=False adds an unnamed index column, and Transported is written as 0/1 instead of True/False',
  });
  return b.finish({
    grade: 'invalid',
    score: null,
    submitted: 'submission.csv (1739 rows, 3 columns)',
    graderVerdict: "invalid submission: columns ['Unnamed: 0', 'PassengerId', 'Transported'] do not match ['PassengerId', 'Transported']",
    medal: 'none',
    aboveMedian: false,
    validSubmission: false,
  });
}

/** Held-out spaceship-titanic rollouts, in rollout order. */
export const spaceshipRollouts = [r0110, r0111, r0112];
