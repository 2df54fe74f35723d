/**
 * Collection "pool", held out: MLE-bench random-acts-of-pizza, graded on its real
 * leaderboard (462 teams, ROC AUC). By the MLE-bench rule: gold 0.97908, silver
 * 0.76482, bronze 0.6921, median 0.599595. Never mined for rubrics.
 */
import { type Frame, libFrame, programFrame } from './python-traceback';
import { grepN, ls, nvidiaSmi, pipList } from './explore';
import { crash, ok } from './rollout-builder';
import { cudaOom, moduleCall, pandasNotInIndex } from './tracebacks';
import { SUB, pool } from './rollouts-mle-common';

const PIZZA_VERDICT = '(462 teams): median 0.599595, bronze 0.6921, silver 0.76482, gold 0.97908';

const DEBERTA = 'transformers/models/deberta_v2/modeling_deberta_v2.py';

/** The DeBERTa forward path down to the attention softmax, where the allocation fails. */
function debertaFrames(): Frame[] {
  return [
    libFrame(DEBERTA, 1325, 'forward', 'outputs = self.deberta(', 'self.deberta('),
    ...moduleCall(),
    libFrame(DEBERTA, 1063, 'forward', 'encoder_outputs = self.encoder(', 'self.encoder('),
    ...moduleCall(),
    libFrame(DEBERTA, 507, 'forward', 'output_states = layer_module(', 'layer_module('),
    ...moduleCall(),
    libFrame(DEBERTA, 366, 'forward', 'attention_output = self.attention(', 'self.attention('),
    ...moduleCall(),
    libFrame(DEBERTA, 297, 'forward', 'self_output = self.self(', 'self.self('),
    ...moduleCall(),
    libFrame(
      DEBERTA,
      748,
      'forward',
      'attention_probs = XSoftmax.apply(attention_scores, attention_mask, -1)',
      'XSoftmax.apply(attention_scores, attention_mask, -1)',
    ),
    libFrame('torch/autograd/function.py', 575, 'apply', 'return super().apply(*args, **kwargs)  # type: ignore[misc]', 'super().apply(*args, **kwargs)'),
    libFrame(DEBERTA, 126, 'forward', 'output = torch.softmax(output, self.dim)', 'torch.softmax(output, self.dim)'),
  ];
}

const HF_WARNING =
  "Some weights of DebertaV2ForSequenceClassification were not initialized from the model checkpoint at /home/models/deberta-v3-base and are newly initialized: ['classifier.bias', 'classifier.weight', 'pooler.dense.bias', 'pooler.dense.weight']\nYou should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.\n";

const PIZZA_DEBERTA = `import pandas as pd
import torch
from torch.utils.data import DataLoader
from transformers import AutoModelForSequenceClassification, AutoTokenizer
from sklearn.model_selection import train_test_split
from sklearn.metrics import roc_auc_score

MODEL = "/home/models/deberta-v3-base"
MAX_LEN = 512
BATCH = 32
EPOCHS = 3

train = pd.read_json("/home/data/train.json")
test = pd.read_json("/home/data/test.json")
tok = AutoTokenizer.from_pretrained(MODEL)
tr_df, va_df = train_test_split(train, test_size=0.15, random_state=0, stratify=train["requester_received_pizza"])


def encode(df, labels=True):
    text = (df["request_title"] + " [SEP] " + df["request_text_edit_aware"]).tolist()
    enc = tok(text, truncation=True, max_length=MAX_LEN, padding="max_length", return_tensors="pt")
    items = [{k: v[i] for k, v in enc.items()} for i in range(len(df))]
    if labels:
        for item, y in zip(items, df["requester_received_pizza"].astype(int)):
            item["labels"] = torch.tensor(y)
    return items


def train_one_epoch(model, loader, optimizer):
    model.train()
    total = 0.0
    for batch in loader:
        batch = {k: v.cuda() for k, v in batch.items()}
        out = model(**batch)
        out.loss.backward()
        optimizer.step()
        optimizer.zero_grad()
        total += out.loss.item()
    return total / len(loader)


@torch.no_grad()
def predict(model, loader):
    model.eval()
    probs = []
    for batch in loader:
        batch = {k: v.cuda() for k, v in batch.items() if k != "labels"}
        probs.append(torch.softmax(model(**batch).logits, -1)[:, 1].cpu())
    return torch.cat(probs).numpy()


model = AutoModelForSequenceClassification.from_pretrained(MODEL, num_labels=2).cuda()
optimizer = torch.optim.AdamW(model.parameters(), lr=2e-5)
train_loader = DataLoader(encode(tr_df), batch_size=BATCH, shuffle=True)
val_loader = DataLoader(encode(va_df), batch_size=BATCH)
for epoch in range(EPOCHS):
    loss = train_one_epoch(model, train_loader, optimizer)
    auc = roc_auc_score(va_df["requester_received_pizza"], predict(model, val_loader))
    print(f"epoch {epoch}: loss {loss:.4f} val AUC {auc:.4f}", flush=True)

test_prob = predict(model, DataLoader(encode(test, labels=False), batch_size=BATCH))
pd.DataFrame({"request_id": test["request_id"], "requester_received_pizza": test_prob}).to_csv(
    "${SUB}", index=False
)
`;

/** DeBERTa at batch 32 x 512 tokens runs out of GPU memory; batch 8 times out; one short epoch is submitted. */
function r0113() {
  const b = pool('r-0113', 'random-acts-of-pizza', 'sonnet-4.5', 1);
  ls(b);
  b.sh(`python -c "import json; d = json.load(open('/home/data/train.json')); print(len(d)); print(sorted(d[0].keys()))"`, {
    stdout:
      "2878\n['giver_username_if_known', 'number_of_downvotes_of_request_at_retrieval', 'number_of_upvotes_of_request_at_retrieval', 'post_was_edited', 'request_id', 'request_number_of_comments_at_retrieval', 'request_text', 'request_text_edit_aware', 'request_title', 'requester_account_age_in_days_at_request', 'requester_account_age_in_days_at_retrieval', 'requester_days_since_first_post_on_raop_at_request', 'requester_number_of_comments_at_request', 'requester_number_of_posts_at_request', 'requester_received_pizza', 'requester_subreddits_at_request', 'requester_upvotes_minus_downvotes_at_request', 'requester_upvotes_minus_downvotes_at_retrieval', 'requester_user_flair', 'requester_username', 'unix_timestamp_of_request', 'unix_timestamp_of_request_utc']\n",
    durationMs: 420,
  });
  b.sh(`python -c "import pandas as pd; print(pd.read_json('/home/data/train.json')['requester_received_pizza'].value_counts())"`, {
    stdout: 'requester_received_pizza\nFalse    2163\nTrue      715\nName: count, dtype: int64\n',
    durationMs: 980,
  });
  nvidiaSmi(b);
  b.sh('ls /home/models', { stdout: 'bert-base-uncased\ndeberta-v3-base\nroberta-base\n' });
  b.sh('du -sh /home/models/deberta-v3-base', { stdout: '705M\t/home/models/deberta-v3-base\n' });
  pipList(b, ['torch', 'transformers', 'lightgbm']);
  b.sh('python -c "import torch, transformers; print(torch.__version__, transformers.__version__, torch.cuda.is_available())"', {
    stdout: '2.5.1+cu124 4.44.2 True\n',
    durationMs: 4120,
  });
  b.write('train.py', PIZZA_DEBERTA);
  b.run(
    'python train.py',
    'train.py',
    (src, file) =>
      crash(
        HF_WARNING +
          cudaOom(
            [
              programFrame(file, src, 'loss = train_one_epoch(', '<module>', { seg: 'train_one_epoch(model, train_loader, optimizer)' }),
              programFrame(file, src, 'out = model(**batch)', 'train_one_epoch', { seg: 'model(**batch)' }),
              ...moduleCall(),
              ...debertaFrames(),
            ],
            { tried: '384.00 MiB', total: '22.05 GiB', free: '313.12 MiB', pid: 28114, inUse: '21.74 GiB', allocated: '20.89 GiB', reserved: '583.41 MiB' },
          ),
        74210,
      ),
    { category: 'C07', cause: 'deberta-v3-base with batch 32 at 512 tokens needs more than the 22 GiB of an A10G' },
  );
  b.sh('python -c "import torch; print(torch.cuda.mem_get_info())"', { stdout: '(23335796736, 23677829120)\n', durationMs: 2410 });
  b.sh('python -c "import torch; print(torch.cuda.get_device_name(0), torch.cuda.is_bf16_supported())"', { stdout: 'NVIDIA A10G True\n', durationMs: 2290 });
  nvidiaSmi(b);
  grepN(b, 'BATCH', 'train.py');
  b.revise('train.py', [['BATCH = 32', 'BATCH = 8']]);
  b.run(
    'timeout 1800 python train.py',
    'train.py',
    {
      stdout: 'epoch 0: loss 0.5561 val AUC 0.6034\nepoch 1: loss 0.5213 val AUC 0.6188\n',
      stderr: HF_WARNING,
      exitCode: 124,
      timedOut: true,
      durationMs: 1800009,
    },
    { category: 'C08', cause: 'three epochs of deberta-v3-base at 512 tokens and batch 8 need about 40 minutes on an A10G; the cap is 30' },
  );
  b.sh(
    `python -c "import pandas as pd; from transformers import AutoTokenizer; tok = AutoTokenizer.from_pretrained('/home/models/deberta-v3-base'); df = pd.read_json('/home/data/train.json'); n = [len(tok(t).input_ids) for t in df['request_title'] + ' ' + df['request_text_edit_aware']]; print(pd.Series(n).quantile([0.5, 0.9, 0.99]))"`,
    {
      stdout: '0.50    104.0\n0.90    243.0\n0.99    512.0\ndtype: float64\n',
      durationMs: 7320,
    },
  );
  b.sh('ls -la /home/submission', { stdout: 'total 8\ndrwxr-xr-x 2 root root 4096 Sep  2 10:21 .\ndrwxr-xr-x 1 root root 4096 Sep  2 10:21 ..\n' });
  b.revise('train.py', [
    ['MAX_LEN = 512', 'MAX_LEN = 256'],
    ['EPOCHS = 3', 'EPOCHS = 1'],
  ]);
  b.run('timeout 1800 python train.py', 'train.py', { stdout: 'epoch 0: loss 0.5498 val AUC 0.6102\n', stderr: HF_WARNING, durationMs: 689320, score: 0.6102 });
  b.sh(`python -c "import pandas as pd; print(pd.read_csv('${SUB}')['requester_received_pizza'].describe())"`, {
    stdout:
      'count    1162.000000\nmean        0.252207\nstd         0.071386\nmin         0.102153\n25%         0.198841\n50%         0.243517\n75%         0.297020\nmax         0.538846\nName: requester_received_pizza, dtype: float64\n',
    durationMs: 980,
  });
  b.sh(`head -3 ${SUB}`, { stdout: 'request_id,requester_received_pizza\nt3_i8iy4,0.21893\nt3_1mfqi0,0.30412\n' });
  b.sh(`wc -l ${SUB}`, { stdout: `1163 ${SUB}\n` });
  b.sh(
    `python -c "import pandas as pd; s = pd.read_csv('${SUB}'); t = pd.read_json('/home/data/test.json'); print(len(s), s['request_id'].isin(t['request_id']).all(), s['requester_received_pizza'].between(0, 1).all())"`,
    {
      stdout: '1162 True True\n',
      durationMs: 1130,
    },
  );
  b.sh('ls -la /home/submission', {
    stdout:
      'total 48\ndrwxr-xr-x 2 root root  4096 Sep  2 11:48 .\ndrwxr-xr-x 1 root root  4096 Sep  2 10:21 ..\n-rw-r--r-- 1 root root 38612 Sep  2 11:48 submission.csv\n',
  });
  b.fail(null, { category: 'P02', cause: 'after the timeout the run was cut to one epoch at 256 tokens; validation AUC was still rising between epochs' });
  return b.finish({
    grade: 'wrong',
    score: 0.6193,
    submitted: 'submission.csv (1162 rows)',
    graderVerdict: `ROC AUC 0.6193; above median, no medal, leaderboard ${PIZZA_VERDICT}`,
    medal: 'none',
    aboveMedian: true,
    validSubmission: true,
  });
}

/** Retrieval-time fields (known only after the outcome) in the feature list: a KeyError at test time, then a clean model. */
function r0114() {
  const b = pool('r-0114', 'random-acts-of-pizza', 'haiku-4.5', 1);
  ls(b);
  b.sh('head -c 400 /home/data/train.json', {
    stdout:
      '[\n    {\n        "giver_username_if_known": "N/A",\n        "number_of_downvotes_of_request_at_retrieval": 0,\n        "number_of_upvotes_of_request_at_retrieval": 1,\n        "post_was_edited": false,\n        "request_id": "t3_l25d7",\n        "request_number_of_comments_at_retrieval": 0,\n        "request_text": "Hi I am in need of food for my 4 children we are a military family that has really hit hard times",',
  });
  b.sh(`python -c "import pandas as pd; print(pd.read_json('/home/data/train.json')['requester_received_pizza'].mean())"`, {
    stdout: '0.24843641417651147\n',
    durationMs: 960,
  });
  b.sh(`python -c "import pandas as pd; print(pd.read_json('/home/data/test.json').columns.tolist())"`, {
    stdout:
      "['giver_username_if_known', 'request_id', 'request_text_edit_aware', 'request_title', 'requester_account_age_in_days_at_request', 'requester_days_since_first_post_on_raop_at_request', 'requester_number_of_comments_at_request', 'requester_number_of_posts_at_request', 'requester_subreddits_at_request', 'requester_upvotes_minus_downvotes_at_request', 'requester_username', 'unix_timestamp_of_request', 'unix_timestamp_of_request_utc']\n",
    durationMs: 840,
  });
  b.write(
    'model.py',
    `import numpy as np
import pandas as pd
from scipy.sparse import hstack
from sklearn.feature_extraction.text import TfidfVectorizer
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import cross_val_score

train = pd.read_json("/home/data/train.json")
test = pd.read_json("/home/data/test.json")

numeric = [
    "requester_account_age_in_days_at_request",
    "requester_number_of_posts_at_request",
    "requester_upvotes_minus_downvotes_at_request",
    "request_number_of_comments_at_retrieval",
    "requester_user_flair",
]
train["requester_user_flair"] = train["requester_user_flair"].notna().astype(int)


def text(df):
    return df["request_title"] + " " + df["request_text_edit_aware"]


tfidf = TfidfVectorizer(min_df=3, ngram_range=(1, 2), sublinear_tf=True)
X = hstack([tfidf.fit_transform(text(train)), np.log1p(train[numeric].clip(lower=0).to_numpy())]).tocsr()
y = train["requester_received_pizza"].astype(int)

clf = LogisticRegression(C=2.0, max_iter=2000)
print("CV AUC:", round(cross_val_score(clf, X, y, cv=5, scoring="roc_auc").mean(), 4))
clf.fit(X, y)

X_test = hstack([tfidf.transform(text(test)), np.log1p(test[numeric].clip(lower=0).to_numpy())]).tocsr()
prob = clf.predict_proba(X_test)[:, 1]
pd.DataFrame({"request_id": test["request_id"], "requester_received_pizza": prob}).to_csv("${SUB}", index=False)
`,
  );
  b.run(
    'python model.py',
    'model.py',
    (src, file) =>
      crash(
        pandasNotInIndex(
          [programFrame(file, src, 'X_test = hstack(', '<module>', { seg: 'test[numeric]', subscript: true })],
          ['request_number_of_comments_at_retrieval', 'requester_user_flair'],
        ),
        14380,
        'CV AUC: 0.9431\n',
      ),
    {
      category: 'C02',
      cause: 'requester_user_flair and request_number_of_comments_at_retrieval exist only in train.json: they are recorded after the outcome',
    },
  );
  b.sh(
    `python -c "import pandas as pd; tr = pd.read_json('/home/data/train.json'); te = pd.read_json('/home/data/test.json'); print(sorted(set(tr.columns) - set(te.columns)))"`,
    {
      stdout:
        "['number_of_downvotes_of_request_at_retrieval', 'number_of_upvotes_of_request_at_retrieval', 'post_was_edited', 'request_number_of_comments_at_retrieval', 'request_text', 'requester_account_age_in_days_at_retrieval', 'requester_days_since_first_post_on_raop_at_retrieval', 'requester_number_of_comments_at_retrieval', 'requester_number_of_comments_in_raop_at_retrieval', 'requester_number_of_posts_at_retrieval', 'requester_number_of_posts_on_raop_at_retrieval', 'requester_received_pizza', 'requester_upvotes_minus_downvotes_at_retrieval', 'requester_upvotes_plus_downvotes_at_retrieval', 'requester_user_flair']\n",
      durationMs: 1480,
    },
  );
  b.sh(
    `python -c "import pandas as pd; tr = pd.read_json('/home/data/train.json'); print(pd.crosstab(tr['requester_user_flair'].fillna('None'), tr['requester_received_pizza']))"`,
    {
      stdout:
        'requester_received_pizza  False  True \nrequester_user_flair                  \nNone                       2163    0\nPIF                           0   41\nshroom                        0  674\n',
      durationMs: 1010,
    },
  );
  b.revise('model.py', [
    ['    "request_number_of_comments_at_retrieval",\n    "requester_user_flair",\n', '    "text_length",\n'],
    [
      'train["requester_user_flair"] = train["requester_user_flair"].notna().astype(int)\n',
      'for df in (train, test):\n    df["text_length"] = df["request_text_edit_aware"].str.len()\n',
    ],
  ]);
  b.run('python model.py', 'model.py', ok('CV AUC: 0.6874\n', 15120, 0.6874));
  b.sh(`head -3 ${SUB}`, { stdout: 'request_id,requester_received_pizza\nt3_i8iy4,0.1836243\nt3_1mfqi0,0.3307711\n' });
  b.sh(`wc -l ${SUB}`, { stdout: `1163 ${SUB}\n` });
  b.sh('ls /home/submission', { stdout: 'submission.csv\n' });
  return b.finish({
    grade: 'correct',
    score: 0.7013,
    submitted: 'submission.csv (1162 rows)',
    graderVerdict: `ROC AUC 0.7013; bronze on leaderboard ${PIZZA_VERDICT}`,
    medal: 'bronze',
    aboveMedian: true,
    validSubmission: true,
  });
}

/** Held-out random-acts-of-pizza rollouts, in rollout order. */
export const pizzaRollouts = [r0113, r0114];
