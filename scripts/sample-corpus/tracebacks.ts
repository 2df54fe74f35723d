/**
 * Tracebacks of the libraries agents use (pandas 2.2, scikit-learn 1.5, LightGBM 4.5,
 * numpy 1.26, torch 2.5), as CPython 3.11 prints them. Callers pass the frames in their
 * own program (see `programFrame`); the library frames below are the real call paths
 * of those versions, so the traceback reads like one copied from a terminal.
 */
import { type Frame, chain, cythonFrame, libFrame, traceback } from './python-traceback';

/** `import x` of a package the sandbox lacks. */
export function moduleNotFound(at: Frame[], module: string): string {
  return traceback(at, `ModuleNotFoundError: No module named '${module}'`);
}

/** `df["col"]` of a missing column: pandas re-raises the engine's KeyError `from err`. */
export function pandasKeyError(at: Frame[], key: string): string {
  const engine = traceback(
    [
      libFrame('pandas/core/indexes/base.py', 3805, 'get_loc', 'return self._engine.get_loc(casted_key)', 'self._engine.get_loc(casted_key)'),
      cythonFrame('index.pyx', 167, 'pandas._libs.index.IndexEngine.get_loc'),
      cythonFrame('index.pyx', 196, 'pandas._libs.index.IndexEngine.get_loc'),
      cythonFrame('pandas/_libs/hashtable_class_helper.pxi', 7081, 'pandas._libs.hashtable.PyObjectHashTable.get_item'),
      cythonFrame('pandas/_libs/hashtable_class_helper.pxi', 7089, 'pandas._libs.hashtable.PyObjectHashTable.get_item'),
    ],
    `KeyError: '${key}'`,
  );
  const user = traceback(
    [
      ...at,
      libFrame('pandas/core/frame.py', 4102, '__getitem__', 'indexer = self.columns.get_loc(key)', 'self.columns.get_loc(key)'),
      libFrame('pandas/core/indexes/base.py', 3812, 'get_loc', 'raise KeyError(key) from err'),
    ],
    `KeyError: '${key}'`,
  );
  return chain(engine, user, 'cause');
}

/** `df[[...]]` with some labels missing. */
export function pandasNotInIndex(at: Frame[], missing: string[]): string {
  const list = `[${missing.map((m) => `'${m}'`).join(', ')}]`;
  return traceback(
    [
      ...at,
      libFrame(
        'pandas/core/frame.py',
        4108,
        '__getitem__',
        'indexer = self.columns._get_indexer_strict(key, "columns")[1]',
        'self.columns._get_indexer_strict(key, "columns")',
      ),
      libFrame('pandas/core/indexes/base.py', 6200, '_get_indexer_strict', 'self._raise_if_missing(keyarr, indexer, axis_name)'),
      libFrame('pandas/core/indexes/base.py', 6252, '_raise_if_missing', 'raise KeyError(f"{not_found} not in index")'),
    ],
    `KeyError: "${list} not in index"`,
  );
}

/** `pd.read_csv` / `pd.read_json` of a path that does not exist. */
export function readCsvNotFound(at: Frame[], path: string): string {
  return traceback(
    [
      ...at,
      libFrame('pandas/io/parsers/readers.py', 1026, 'read_csv', 'return _read(filepath_or_buffer, kwds)', '_read(filepath_or_buffer, kwds)'),
      libFrame(
        'pandas/io/parsers/readers.py',
        620,
        '_read',
        'parser = TextFileReader(filepath_or_buffer, **kwds)',
        'TextFileReader(filepath_or_buffer, **kwds)',
      ),
      libFrame('pandas/io/parsers/readers.py', 1620, '__init__', 'self._engine = self._make_engine(f, self.engine)', 'self._make_engine(f, self.engine)'),
      libFrame('pandas/io/parsers/readers.py', 1880, '_make_engine', 'self.handles = get_handle(', 'get_handle('),
      libFrame('pandas/io/common.py', 873, 'get_handle', 'handle = open(', 'open('),
    ],
    `FileNotFoundError: [Errno 2] No such file or directory: '${path}'`,
  );
}

/** Attribute missing on a DataFrame, e.g. `DataFrame.append` removed in pandas 2. */
export function dataFrameAttribute(at: Frame[], message: string): string {
  return traceback(
    [...at, libFrame('pandas/core/generic.py', 6299, '__getattr__', 'return object.__getattribute__(self, name)', 'object.__getattribute__(self, name)')],
    `AttributeError: ${message}`,
  );
}

/** `.dt` on a column that is still strings. */
export function dtAccessor(at: Frame[]): string {
  return traceback(
    [
      ...at,
      libFrame('pandas/core/generic.py', 6299, '__getattr__', 'return object.__getattribute__(self, name)', 'object.__getattribute__(self, name)'),
      libFrame('pandas/core/accessor.py', 224, '__get__', 'accessor_obj = self._accessor(obj)', 'self._accessor(obj)'),
      libFrame('pandas/core/indexes/accessors.py', 643, '__new__', 'raise AttributeError("Can only use .dt accessor with datetimelike values")'),
    ],
    "AttributeError: Can only use .dt accessor with datetimelike values. Did you mean: 'at'?",
  );
}

const validateFit = (estimatorModule: string, fitLine: number): Frame[] => [
  libFrame('sklearn/base.py', 1473, 'wrapper', 'return fit_method(estimator, *args, **kwargs)', 'fit_method(estimator, *args, **kwargs)'),
  libFrame(estimatorModule, fitLine, 'fit', 'X, y = self._validate_data(', 'self._validate_data('),
  libFrame('sklearn/base.py', 650, '_validate_data', 'X, y = check_X_y(X, y, **check_params)', 'check_X_y(X, y, **check_params)'),
  libFrame('sklearn/utils/validation.py', 1301, 'check_X_y', 'X = check_array(', 'check_array('),
];

/** `estimator.fit` on data with NaN. */
export function sklearnNaN(at: Frame[], estimator: string, module: string, fitLine: number): string {
  return traceback(
    [
      ...at,
      ...validateFit(module, fitLine),
      libFrame('sklearn/utils/validation.py', 1064, 'check_array', '_assert_all_finite(', '_assert_all_finite('),
      libFrame('sklearn/utils/validation.py', 123, '_assert_all_finite', '_assert_all_finite_element_wise(', '_assert_all_finite_element_wise('),
      libFrame('sklearn/utils/validation.py', 172, '_assert_all_finite_element_wise', 'raise ValueError(msg_err)'),
    ],
    `ValueError: Input X contains NaN.\n${estimator} does not accept missing values encoded as NaN natively. For supervised learning, you might want to consider sklearn.ensemble.HistGradientBoostingClassifier and Regressor which accept missing values encoded as NaNs natively. Alternatively, it is possible to preprocess the data, for instance by using an imputer transformer in a pipeline or drop samples with missing values. See https://scikit-learn.org/stable/modules/impute.html You can find a list of all estimators that handle NaN values at the following page: https://scikit-learn.org/stable/modules/impute.html#estimators-that-handle-nan-values`,
  );
}

/** `estimator.fit` on an empty frame (after an over-eager `dropna()`). */
export function sklearnEmpty(at: Frame[], estimator: string, module: string, fitLine: number, features: number): string {
  return traceback(
    [...at, ...validateFit(module, fitLine), libFrame('sklearn/utils/validation.py', 1087, 'check_array', 'raise ValueError(')],
    `ValueError: Found array with 0 sample(s) (shape=(0, ${features})) while a minimum of 1 is required by ${estimator}.`,
  );
}

/** `estimator.fit` on a frame with string columns. */
export function sklearnStringToFloat(at: Frame[], module: string, fitLine: number, value: string): string {
  return traceback(
    [
      ...at,
      ...validateFit(module, fitLine),
      libFrame(
        'sklearn/utils/validation.py',
        1012,
        'check_array',
        'array = _asarray_with_order(array, order=order, dtype=dtype, xp=xp)',
        '_asarray_with_order(array, order=order, dtype=dtype, xp=xp)',
      ),
      libFrame(
        'sklearn/utils/_array_api.py',
        745,
        '_asarray_with_order',
        'array = numpy.asarray(array, order=order, dtype=dtype)',
        'numpy.asarray(array, order=order, dtype=dtype)',
      ),
      libFrame('pandas/core/generic.py', 2153, '__array__', 'arr = np.asarray(values, dtype=dtype)', 'np.asarray(values, dtype=dtype)'),
    ],
    `ValueError: could not convert string to float: '${value}'`,
  );
}

/** `HistGradientBoostingRegressor.predict` on a frame lacking columns seen at fit. */
export function sklearnFeatureNames(at: Frame[], missing: string[]): string {
  const gb = 'sklearn/ensemble/_hist_gradient_boosting/gradient_boosting.py';
  return traceback(
    [
      ...at,
      libFrame(gb, 1718, 'predict', 'return self._loss.link.inverse(self._raw_predict(X).ravel())', 'self._raw_predict(X)'),
      libFrame(gb, 1239, '_raw_predict', 'X = self._preprocess_X(X, reset=False)', 'self._preprocess_X(X, reset=False)'),
      libFrame(gb, 293, '_preprocess_X', 'X = self._validate_data(X, **check_X_kwargs)', 'self._validate_data(X, **check_X_kwargs)'),
      libFrame('sklearn/base.py', 608, '_validate_data', 'self._check_feature_names(X, reset=reset)'),
      libFrame('sklearn/base.py', 535, '_check_feature_names', 'raise ValueError(message)'),
    ],
    `ValueError: The feature names should match those that were passed during fit.\nFeature names seen at fit time, yet now missing:\n${missing.map((m) => `- ${m}\n`).join('')}`,
  );
}

/** `root_mean_squared_log_error` with negative predictions. */
export function rmsleNegative(at: Frame[]): string {
  return traceback(
    [
      ...at,
      libFrame('sklearn/utils/_param_validation.py', 213, 'wrapper', 'return func(*args, **kwargs)', 'func(*args, **kwargs)'),
      libFrame('sklearn/metrics/_regression.py', 755, 'root_mean_squared_log_error', 'raise ValueError('),
    ],
    'ValueError: Root Mean Squared Logarithmic Error cannot be used when targets contain negative values.',
  );
}

/** LightGBM's sklearn wrapper predicting on a differently one-hot-encoded frame. */
export function lightgbmFeatureCount(at: Frame[], model: number, input: number): string {
  return traceback(
    [
      ...at,
      libFrame('lightgbm/sklearn.py', 1251, 'predict', 'result = self.predict_proba(', 'self.predict_proba('),
      libFrame('lightgbm/sklearn.py', 1281, 'predict_proba', 'result = super().predict(', 'super().predict('),
      libFrame('lightgbm/sklearn.py', 1005, 'predict', 'raise ValueError('),
    ],
    `ValueError: Number of features of the model must match the input. Model n_features_ is ${model} and input n_features is ${input}`,
  );
}

/** A pandas frame converted to a dense float64 array too large for host memory. */
export function numpyAllocation(at: Frame[], gib: string, shape: string): string {
  return traceback(
    [
      ...at,
      libFrame(
        'pandas/core/frame.py',
        1981,
        'to_numpy',
        'result = self._mgr.as_array(dtype=dtype, copy=copy, na_value=na_value)',
        'self._mgr.as_array(dtype=dtype, copy=copy, na_value=na_value)',
      ),
      libFrame(
        'pandas/core/internals/managers.py',
        1693,
        'as_array',
        'arr = self._interleave(dtype=dtype, na_value=na_value)',
        'self._interleave(dtype=dtype, na_value=na_value)',
      ),
      libFrame('pandas/core/internals/managers.py', 1752, '_interleave', 'result = np.empty(self.shape, dtype=dtype)', 'np.empty(self.shape, dtype=dtype)'),
    ],
    `numpy.core._exceptions._ArrayMemoryError: Unable to allocate ${gib} GiB for an array with shape ${shape} and data type float64`,
  );
}

/** The two frames every `nn.Module.__call__` adds in torch 2.5. */
export function moduleCall(): Frame[] {
  return [
    libFrame('torch/nn/modules/module.py', 1736, '_wrapped_call_impl', 'return self._call_impl(*args, **kwargs)', 'self._call_impl(*args, **kwargs)'),
    libFrame('torch/nn/modules/module.py', 1747, '_call_impl', 'return forward_call(*args, **kwargs)', 'forward_call(*args, **kwargs)'),
  ];
}

/** Memory figures of a CUDA OOM message, as the caching allocator reports them. */
export interface CudaMemory {
  tried: string;
  total: string;
  free: string;
  pid: number;
  inUse: string;
  allocated: string;
  reserved: string;
}

/** `torch.OutOfMemoryError` with the allocator's full explanation. */
export function cudaOom(frames: Frame[], m: CudaMemory): string {
  return traceback(
    frames,
    `torch.OutOfMemoryError: CUDA out of memory. Tried to allocate ${m.tried}. GPU 0 has a total capacity of ${m.total} of which ${m.free} is free. Process ${m.pid} has ${m.inUse} memory in use. Of the allocated memory ${m.allocated} is allocated by PyTorch, and ${m.reserved} is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)`,
  );
}

/** An asynchronous CUDA fault surfacing at the next synchronising call. */
export function cudaIllegalAccess(frames: Frame[]): string {
  return traceback(
    frames,
    'RuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n',
  );
}

/** `torch.testing.assert_close` failing on a kernel's output. */
export function assertClose(at: Frame[], mismatch: string, abs: string, absAt: string, rel: string, atol: string, rtol: string): string {
  return traceback(
    [...at, libFrame('torch/testing/_comparison.py', 1530, 'assert_close', 'raise error_metas[0].to_error(msg)')],
    `AssertionError: Tensor-likes are not close!\n\nMismatched elements: ${mismatch}\nGreatest absolute difference: ${abs} at index ${absAt} (up to ${atol} allowed)\nGreatest relative difference: ${rel} at index ${absAt} (up to ${rtol} allowed)`,
  );
}

/** `load_inline` whose nvcc step fails: ninja's CalledProcessError is re-raised as RuntimeError. */
export function extensionBuildFailed(at: Frame[], name: string, buildLog: string): string {
  const ext = 'torch/utils/cpp_extension.py';
  const ninja = traceback(
    [
      libFrame(ext, 2104, '_run_ninja_build', 'subprocess.run('),
      libFrame('/usr/local/lib/python3.11/subprocess.py', 571, 'run', 'raise CalledProcessError(retcode, process.args,'),
    ],
    "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.",
  );
  const user = traceback(
    [
      ...at,
      libFrame(ext, 1723, 'load_inline', 'return _jit_compile(', '_jit_compile('),
      libFrame(ext, 1798, '_jit_compile', '_write_ninja_file_and_build_library('),
      libFrame(ext, 1926, '_write_ninja_file_and_build_library', '_run_ninja_build('),
      libFrame(ext, 2120, '_run_ninja_build', 'raise RuntimeError(message) from e'),
    ],
    `RuntimeError: Error building extension '${name}': ${buildLog}`,
  );
  return chain(ninja, user, 'cause');
}
