/**
 * Test fixtures: captured output of real commands. Those named `..._311`,
 * `..._312`, `..._313` were produced by CPython 3.11.7, 3.12.1 and 3.13.0 with
 * the script directory rewritten to /workspace; the rest reproduce the output
 * of libraries not installed here (pandas 2.2, PyTorch 2.4, scikit-learn 1.4,
 * pip 24) line for line in their format.
 */

/** Raw template text without the newline after the opening backtick, so fixtures read as printed. */
function fixture(strings: TemplateStringsArray, ...values: string[]): string {
  return String.raw(strings, ...values).replace(/^\n/, '');
}

const BACKTICK = '`';

/** CPython 3.11: `raise ... from err`: FileNotFoundError is the cause of RuntimeError. */
export const CHAIN_CAUSE_311 = fixture`
Traceback (most recent call last):
  File "/workspace/chain_cause.py", line 11, in main
    cfg = load_config("config.json")
          ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/workspace/chain_cause.py", line 5, in load_config
    with open(path) as f:
         ^^^^^^^^^^
FileNotFoundError: [Errno 2] No such file or directory: 'config.json'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/workspace/chain_cause.py", line 17, in <module>
    main()
  File "/workspace/chain_cause.py", line 13, in main
    raise RuntimeError("could not load config: config.json") from err
RuntimeError: could not load config: config.json
`;

/** CPython 3.12: An exception raised inside an `except` block (implicit context). */
export const CHAIN_CONTEXT_312 = fixture`
Traceback (most recent call last):
  File "/workspace/chain_context.py", line 9, in <module>
    total += parse(row)
             ^^^^^^^^^^
  File "/workspace/chain_context.py", line 2, in parse
    return int(row["age"])
           ^^^^^^^^^^^^^^^
ValueError: invalid literal for int() with base 10: 'n/a'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/workspace/chain_context.py", line 11, in <module>
    total += rows.index(row) / 0
             ~~~~~~~~~~~~~~~~^~~
ZeroDivisionError: division by zero
`;

/** CPython 3.12: A SyntaxError in the main script: no Traceback header, caret under the source. */
export const SYNTAX_ERROR_312 = fixture`
  File "/workspace/syn.py", line 4
    return np.mean((y - p) ** 2
                  ^
SyntaxError: '(' was never closed
`;

/** CPython 3.11: An IndentationError in the main script: no header, no caret line. */
export const INDENTATION_ERROR_311 = fixture`
  File "/workspace/ind.py", line 3
    return x
IndentationError: unexpected indent
`;

/** CPython 3.13: A SyntaxError in an imported module: frames, then the location without `in func`. */
export const SYNTAX_ERROR_IN_IMPORT_313 = fixture`
Traceback (most recent call last):
  File "/workspace/imp_syn.py", line 1, in <module>
    import pkg.helper
  File "/workspace/pkg/helper.py", line 1
    def f(:
          ^
SyntaxError: invalid syntax
`;

/** CPython 3.12: Unbounded recursion, with `[Previous line repeated N more times]`. */
export const RECURSION_312 = fixture`
Traceback (most recent call last):
  File "/workspace/rec.py", line 4, in <module>
    walk(0)
  File "/workspace/rec.py", line 2, in walk
    return walk(node)
           ^^^^^^^^^^
  File "/workspace/rec.py", line 2, in walk
    return walk(node)
           ^^^^^^^^^^
  File "/workspace/rec.py", line 2, in walk
    return walk(node)
           ^^^^^^^^^^
  [Previous line repeated 996 more times]
RecursionError: maximum recursion depth exceeded
`;

/** CPython 3.11: An ExceptionGroup box. */
export const EXCEPTION_GROUP_311 = fixture`
  + Exception Group Traceback (most recent call last):
  |   File "/workspace/group.py", line 1, in <module>
  |     raise ExceptionGroup("many", [ValueError(1), TypeError(2)])
  | ExceptionGroup: many (2 sub-exceptions)
  +-+---------------- 1 ----------------
    | ValueError: 1
    +---------------- 2 ----------------
    | TypeError: 2
    +------------------------------------
`;

/** CPython 3.13: The group `except*` re-raises: printed without its own traceback, sub-exceptions chained inside the box. */
export const EXCEPT_STAR_GROUP_313 = fixture`
  | ExceptionGroup:  (2 sub-exceptions)
  +-+---------------- 1 ----------------
    | Exception Group Traceback (most recent call last):
    |   File "/workspace/group_chain.py", line 7, in <module>
    |     run()
    |     ~~~^^
    |   File "/workspace/group_chain.py", line 5, in run
    |     raise ExceptionGroup("batch failed", [ValueError("bad row"), ExceptionGroup("inner", [TypeError("t")])])
    | ExceptionGroup: batch failed (1 sub-exception)
    +-+---------------- 1 ----------------
      | ValueError: bad row
      +------------------------------------
    | 
    | The above exception was the direct cause of the following exception:
    | 
    | Traceback (most recent call last):
    |   File "/workspace/group_chain.py", line 9, in <module>
    |     raise RuntimeError("aborting") from eg
    | RuntimeError: aborting
    +---------------- 2 ----------------
    | Exception Group Traceback (most recent call last):
    |   File "/workspace/group_chain.py", line 7, in <module>
    |     run()
    |     ~~~^^
    |   File "/workspace/group_chain.py", line 5, in run
    |     raise ExceptionGroup("batch failed", [ValueError("bad row"), ExceptionGroup("inner", [TypeError("t")])])
    | ExceptionGroup: batch failed (1 sub-exception)
    +-+---------------- 1 ----------------
      | ExceptionGroup: inner (1 sub-exception)
      +-+---------------- 1 ----------------
        | TypeError: t
        +------------------------------------
`;

/** CPython 3.12: `raise ... from None`: the KeyError context is suppressed. */
export const RAISE_FROM_NONE_312 = fixture`
Traceback (most recent call last):
  File "/workspace/fromnone.py", line 7, in <module>
    lookup("b")
  File "/workspace/fromnone.py", line 6, in lookup
    raise ValueError(f"unknown label: {k!r}") from None
ValueError: unknown label: 'b'
`;

/** CPython 3.11: An exception printed without a message. */
export const KEYBOARD_INTERRUPT_311 = fixture`
Traceback (most recent call last):
  File "/workspace/kbi.py", line 4, in <module>
    train()
  File "/workspace/kbi.py", line 3, in train
    raise KeyboardInterrupt
KeyboardInterrupt
`;

/** CPython 3.12: scikit-learn's 1D-array message, three lines long. */
export const MULTI_LINE_MESSAGE_312 = fixture`
Traceback (most recent call last):
  File "/workspace/multiline.py", line 3, in <module>
    check([1,2,3])
  File "/workspace/multiline.py", line 2, in check
    raise ValueError("Expected 2D array, got 1D array instead:\narray=[1. 2. 3.].\nReshape your data either using array.reshape(-1, 1) if your data has a single feature or array.reshape(1, -1) if it contains a single sample.")
ValueError: Expected 2D array, got 1D array instead:
array=[1. 2. 3.].
Reshape your data either using array.reshape(-1, 1) if your data has a single feature or array.reshape(1, -1) if it contains a single sample.
`;

/** CPython 3.13: A dotted exception class, and 3.13 code spanning two lines. */
export const CALLED_PROCESS_ERROR_313 = fixture`
Traceback (most recent call last):
  File "/workspace/custom.py", line 2, in <module>
    subprocess.run(["ls", "/nonexistent"], check=True, capture_output=True)
    ~~~~~~~~~~~~~~^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.13/subprocess.py", line 577, in run
    raise CalledProcessError(retcode, process.args,
                             output=stdout, stderr=stderr)
subprocess.CalledProcessError: Command '['ls', '/nonexistent']' returned non-zero exit status 2.
`;

/** CPython 3.12: A dotted class whose message contains colons. */
export const MESSAGE_WITH_COLONS_312 = fixture`
Traceback (most recent call last):
  File "/workspace/colons.py", line 10, in <module>
    load('{"ts": "2024-01-01T10:00:00" "y": 1}')
  File "/workspace/colons.py", line 8, in load
    return json.loads(line)
           ^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.12/json/__init__.py", line 346, in loads
    return _default_decoder.decode(s)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.12/json/decoder.py", line 337, in decode
    obj, end = self.raw_decode(s, idx=_w(s, 0).end())
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/python3.12/json/decoder.py", line 353, in raw_decode
    obj, end = self.scan_once(s, idx)
               ^^^^^^^^^^^^^^^^^^^^^^
json.decoder.JSONDecodeError: Expecting ',' delimiter: line 1 column 30 (char 29)
`;

/** CPython 3.11: `traceback.print_exc()` in a loop that carries on (exit 0); streams merged, so logging and stdout follow. */
export const CAUGHT_AND_PRINTED_311 = fixture`
Traceback (most recent call last):
  File "/workspace/caught.py", line 6, in <module>
    raise ValueError("fold 0 has no positive labels")
ValueError: fold 0 has no positive labels
INFO:root:fold 1 ok
done
`;

/** CPython 3.12: A cause that was never raised is printed without a traceback. */
export const UNRAISED_CAUSE_312 = fixture`
KeyError: 'lr'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/workspace/unraised.py", line 4, in <module>
    validate({})
  File "/workspace/unraised.py", line 3, in validate
    raise RuntimeError("invalid config") from KeyError("lr")
RuntimeError: invalid config
`;

/** CPython 3.12: An exception raised while handling an ExceptionGroup. */
export const GROUP_THEN_CONTEXT_312 = fixture`
  + Exception Group Traceback (most recent call last):
  |   File "/workspace/group_then.py", line 2, in <module>
  |     raise ExceptionGroup("loaders failed", [OSError("disk"), ValueError("schema")])
  | ExceptionGroup: loaders failed (2 sub-exceptions)
  +-+---------------- 1 ----------------
    | OSError: disk
    +---------------- 2 ----------------
    | ValueError: schema
    +------------------------------------

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "/workspace/group_then.py", line 4, in <module>
    raise SystemError("cannot continue")
SystemError: cannot continue
`;
/** CPython 3.13 with PYTHON_COLORS=1: its own ANSI colours around a standard chained traceback. */
export const COLOURED_CHAIN_313 =
  'Traceback (most recent call last):\n  File \x1b[35m"/workspace/chain_cause.py"\x1b[0m, line \x1b[35m11\x1b[0m, in \x1b[35mmain\x1b[0m\n    cfg = load_config("config.json")\n  File \x1b[35m"/workspace/chain_cause.py"\x1b[0m, line \x1b[35m5\x1b[0m, in \x1b[35mload_config\x1b[0m\n    with \x1b[31mopen\x1b[0m\x1b[1;31m(path)\x1b[0m as f:\n         \x1b[31m~~~~\x1b[0m\x1b[1;31m^^^^^^\x1b[0m\n\x1b[1;35mFileNotFoundError\x1b[0m: \x1b[35m[Errno 2] No such file or directory: \'config.json\'\x1b[0m\n\nThe above exception was the direct cause of the following exception:\n\nTraceback (most recent call last):\n  File \x1b[35m"/workspace/chain_cause.py"\x1b[0m, line \x1b[35m17\x1b[0m, in \x1b[35m<module>\x1b[0m\n    \x1b[31mmain\x1b[0m\x1b[1;31m()\x1b[0m\n    \x1b[31m~~~~\x1b[0m\x1b[1;31m^^\x1b[0m\n  File \x1b[35m"/workspace/chain_cause.py"\x1b[0m, line \x1b[35m13\x1b[0m, in \x1b[35mmain\x1b[0m\n    raise RuntimeError("could not load config: config.json") from err\n\x1b[1;35mRuntimeError\x1b[0m: \x1b[35mcould not load config: config.json\x1b[0m\n';

/**
 * pandas 2.2 on Python 3.11: a missing column. The KeyError from the Cython
 * hash table (frames without source lines) is the cause of the one raised in
 * `DataFrame.__getitem__`. Streams merged: stdout the script printed before
 * crashing is flushed after the traceback.
 */
export const PANDAS_KEYERROR = fixture`
Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/pandas/core/indexes/base.py", line 3805, in get_loc
    return self._engine.get_loc(casted_key)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "index.pyx", line 167, in pandas._libs.index.IndexEngine.get_loc
  File "index.pyx", line 196, in pandas._libs.index.IndexEngine.get_loc
  File "pandas/_libs/hashtable_class_helper.pxi", line 7081, in pandas._libs.hashtable.PyObjectHashTable.get_item
  File "pandas/_libs/hashtable_class_helper.pxi", line 7089, in pandas._libs.hashtable.PyObjectHashTable.get_item
KeyError: 'SalePrice'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/workspace/train.py", line 14, in <module>
    y = train["SalePrice"]
        ~~~~~^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/pandas/core/frame.py", line 4102, in __getitem__
    indexer = self.columns.get_loc(key)
              ^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/pandas/core/indexes/base.py", line 3812, in get_loc
    raise KeyError(key) from err
KeyError: 'SalePrice'
Loaded train.csv: 1460 rows x 80 columns
Columns: Id, MSSubClass, MSZoning, LotFrontage, LotArea
`;

/** The message PyTorch 2.4 prints for a CUDA allocation failure. */
export const CUDA_OOM_MESSAGE =
  'CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.06 GiB is free. ' +
  'Process 3391 has 78.08 GiB memory in use. Of the allocated memory 75.53 GiB is allocated by PyTorch, and 1.99 GiB ' +
  'is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting ' +
  'PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  ' +
  '(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)';

/** The header and frames above a CUDA OOM in a transformer forward pass. */
export const CUDA_OOM_FRAMES = fixture`
Traceback (most recent call last):
  File "/workspace/train.py", line 88, in <module>
    outputs = model(input_ids=batch["input_ids"], labels=batch["labels"])
              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/dist-packages/torch/nn/modules/module.py", line 1553, in _wrapped_call_impl
    return self._call_impl(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/dist-packages/torch/nn/modules/module.py", line 1562, in _call_impl
    return forward_call(*args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/workspace/model.py", line 41, in forward
    attn = torch.softmax(q @ k.transpose(-2, -1) / self.scale, dim=-1)
                         ~~^~~~~~~~~~~~~~~~~~~~~
`;

/** PyTorch 2.4 CUDA OOM, printed right after a tqdm bar that never got its newline (tqdm redraws with `\r`). */
export const CUDA_OOM =
  'Epoch 1/3:   0%|          | 0/313 [00:00<?, ?it/s]\rEpoch 1/3:   0%|          | 1/313 [00:02<11:02,  2.12s/it]' +
  `${CUDA_OOM_FRAMES}torch.OutOfMemoryError: ${CUDA_OOM_MESSAGE}\n`;

/** The same error as captured by a harness that hard-wraps output at 100 columns. */
export const CUDA_OOM_WRAPPED = `${CUDA_OOM_FRAMES}${wrap(`torch.OutOfMemoryError: ${CUDA_OOM_MESSAGE}`, 100)}\n`;

function wrap(line: string, width: number): string {
  const rows: string[] = [];
  for (let at = 0; at < line.length; at += width) rows.push(line.slice(at, at + width));
  return rows.join('\n');
}

/** PyTorch's asynchronous CUDA OOM: a RuntimeError whose message ends with a newline. */
export const CUDA_ERROR_OUT_OF_MEMORY = fixture`
Traceback (most recent call last):
  File "/workspace/bench.py", line 12, in <module>
    x = torch.randn(8192, 8192, 64, device="cuda")
        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
RuntimeError: CUDA error: out of memory
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with ${BACKTICK}TORCH_USE_CUDA_DSA${BACKTICK} to enable device-side assertions.

`;

/** NumPy refusing a huge allocation: host memory, dotted private class. */
export const NUMPY_MEMORY_ERROR = fixture`
Traceback (most recent call last):
  File "/workspace/features.py", line 30, in <module>
    sim = np.zeros((n, n))
          ^^^^^^^^^^^^^^^^
numpy.core._exceptions._ArrayMemoryError: Unable to allocate 74.5 GiB for an array with shape (100000, 100000) and data type float64
`;

/**
 * torchrun (PyTorch 2.4) prefixes every line of a rank's traceback with
 * `[rank0]: `; the launcher's own log lines follow.
 */
export const TORCHRUN_RANK_PREFIXED = fixture`
[rank0]: Traceback (most recent call last):
[rank0]:   File "/workspace/train_ddp.py", line 57, in <module>
[rank0]:     main()
[rank0]:   File "/workspace/train_ddp.py", line 49, in main
[rank0]:     loss = criterion(model(x), y)
[rank0]:            ^^^^^^^^^^^^^^^^^^^^^^
[rank0]:   File "/usr/local/lib/python3.11/dist-packages/torch/nn/modules/module.py", line 1553, in _wrapped_call_impl
[rank0]:     return self._call_impl(*args, **kwargs)
[rank0]:            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
[rank0]:   File "/usr/local/lib/python3.11/dist-packages/torch/nn/modules/loss.py", line 1188, in forward
[rank0]:     return F.cross_entropy(input, target, weight=self.weight,
[rank0]:            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
[rank0]: RuntimeError: Expected floating point type for target with class probabilities, got Long
E0515 10:22:11.123000 140245 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1) local_rank: 0 (pid: 4242) of binary: /usr/bin/python3
`;

/**
 * Merged output of a cross-validation script: progress and log lines, a
 * traceback logged by `logging.exception` for a fold that is skipped, more
 * output, then the uncaught traceback and a log line after it.
 */
export const TWO_TRACEBACKS_WITH_NOISE = fixture`
Loading data/train.csv ...
  0%|          | 0/3 [00:00<?, ?it/s]
ERROR:root:fold 0 failed
Traceback (most recent call last):
  File "/workspace/cv.py", line 21, in run_fold
    model.fit(X_tr, y_tr)
  File "/usr/local/lib/python3.11/site-packages/sklearn/base.py", line 1474, in wrapper
    return fit_method(estimator, *args, **kwargs)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
ValueError: Input y contains NaN.
INFO:root:skipping fold 0
fold 1 auc=0.8120
fold 2 auc=0.7984
Traceback (most recent call last):
  File "/workspace/cv.py", line 40, in <module>
    submission = pd.DataFrame({"id": test_ids, "target": np.mean(preds, axis=0)})
                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/pandas/core/frame.py", line 778, in __init__
    mgr = dict_to_mgr(data, index, columns, dtype=dtype, copy=copy, typ=manager)
          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
ValueError: All arrays must be of the same length
2024-05-01 12:00:03,114 WARNING wandb: run finished with errors
`;

/**
 * scikit-learn 1.4 `cross_val_score` when every fit failed: the message starts
 * on the line after `ValueError:`, has a blank line and embeds the fit's
 * formatted traceback.
 */
export const SKLEARN_ALL_FITS_FAILED = fixture`
Traceback (most recent call last):
  File "/workspace/baseline.py", line 31, in <module>
    scores = cross_val_score(model, X, y, cv=5, scoring="accuracy")
             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/sklearn/model_selection/_validation.py", line 712, in cross_val_score
    cv_results = cross_validate(
                 ^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/sklearn/model_selection/_validation.py", line 443, in cross_validate
    _warn_or_raise_about_fit_failures(results, error_score)
  File "/usr/local/lib/python3.11/site-packages/sklearn/model_selection/_validation.py", line 529, in _warn_or_raise_about_fit_failures
    raise ValueError(all_fits_failed_message)
ValueError: 
All the 5 fits failed.
It is very likely that your model is misconfigured.
You can try to debug the error by setting error_score='raise'.

Below are more details about the failures:
--------------------------------------------------------------------------------
5 fits failed with the following error:
Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/sklearn/model_selection/_validation.py", line 895, in _fit_and_score
    estimator.fit(X_train, y_train, **fit_params)
  File "/usr/local/lib/python3.11/site-packages/sklearn/linear_model/_logistic.py", line 1215, in fit
    X, y = self._validate_data(
           ^^^^^^^^^^^^^^^^^^^^
ValueError: could not convert string to float: 'male'

`;

/** pandas asking for an optional engine. */
export const PANDAS_MISSING_OPTIONAL_DEPENDENCY = fixture`
Traceback (most recent call last):
  File "/workspace/prep.py", line 9, in <module>
    df = pd.read_parquet("data/train.parquet")
         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/local/lib/python3.11/site-packages/pandas/compat/_optional.py", line 135, in import_optional_dependency
    raise ImportError(msg)
ImportError: Missing optional dependency 'pyarrow'.  Use pip or conda to install pyarrow.
`;

/** pip 24 asked for a version that does not exist. */
export const PIP_NO_MATCHING_DISTRIBUTION = fixture`
Defaulting to user installation because normal site-packages is not writeable
ERROR: Could not find a version that satisfies the requirement torch==2.9.9 (from versions: 2.2.0, 2.2.1, 2.2.2, 2.3.0, 2.3.1, 2.4.0, 2.4.1, 2.5.0, 2.5.1)
ERROR: No matching distribution found for torch==2.9.9
`;

/** Training log of a run killed by the cgroup OOM handler under Slurm. */
export const SLURM_OOM_KILL = fixture`
step 1200 loss 2.314
step 1300 loss 2.288
slurmstepd: error: Detected 1 oom_kill event in StepId=881234.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.
`;

/** A C++ extension failing to allocate; the process aborts (exit 134). */
export const CPP_BAD_ALLOC = fixture`
terminate called after throwing an instance of 'std::bad_alloc'
  what():  std::bad_alloc
Aborted (core dumped)
`;

/**
 * Terminal output of a buggy node of an AIDE journal (e-strauss/aideml, MIT;
 * /work/shared/data/aide): Python 3.13 showing a call across lines with
 * `...<4 lines>...`, then the harness footer appended without a blank line.
 */
export const AIDE_XGBOOST_TYPEERROR_313 = fixture`
Traceback (most recent call last):
  File "runfile.py", line 53, in <module>
    model.fit(
    ~~~~~~~~~^
        X_train,
        ^^^^^^^^
    ...<4 lines>...
        verbose=False,
        ^^^^^^^^^^^^^^
    )
    ^
  File "/home/elias/PycharmProjects/aideml/.venv/lib/python3.13/site-packages/xgboost/core.py", line 729, in inner_f
    return func(**kwargs)
TypeError: XGBModel.fit() got an unexpected keyword argument 'eval_metric'
Execution time: a moment seconds (time limit is an hour).`;
