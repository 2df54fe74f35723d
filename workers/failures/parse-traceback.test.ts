import { describe, expect, it } from 'vitest';
import { parseTracebacks, type ParsedTraceback } from './parse-traceback';
import * as data from './test-data';

/** Parses `text`, expects exactly one block and checks that its offsets address its text. */
function single(text: string): ParsedTraceback {
  const blocks = parseTracebacks(text);
  expect(blocks).toHaveLength(1);
  const block = blocks[0]!;
  expect(text.slice(block.start, block.end)).toBe(block.text);
  return block;
}

function summary(block: ParsedTraceback): [string, string, string | null][] {
  return block.chain.map((e) => [e.exceptionClass, e.message, e.relation]);
}

describe('parseTracebacks: chains', () => {
  it('orders a `raise ... from` chain cause first and marks the last as final', () => {
    const block = single(data.CHAIN_CAUSE_311);
    expect(summary(block)).toEqual([
      ['FileNotFoundError', "[Errno 2] No such file or directory: 'config.json'", null],
      ['RuntimeError', 'could not load config: config.json', 'cause'],
    ]);
    expect(block.final).toBe(block.chain[1]);
    expect(block.start).toBe(0);
    expect(block.end).toBe(data.CHAIN_CAUSE_311.length - 1);
    expect(block.chain[0]!.frames).toEqual([
      { file: '/workspace/chain_cause.py', line: 11, function: 'main', code: 'cfg = load_config("config.json")' },
      { file: '/workspace/chain_cause.py', line: 5, function: 'load_config', code: 'with open(path) as f:' },
    ]);
    expect(block.final.frames).toEqual([
      { file: '/workspace/chain_cause.py', line: 17, function: '<module>', code: 'main()' },
      {
        file: '/workspace/chain_cause.py',
        line: 13,
        function: 'main',
        code: 'raise RuntimeError("could not load config: config.json") from err',
      },
    ]);
  });

  it('links an exception raised in a handler as context', () => {
    const block = single(data.CHAIN_CONTEXT_312);
    expect(summary(block)).toEqual([
      ['ValueError', "invalid literal for int() with base 10: 'n/a'", null],
      ['ZeroDivisionError', 'division by zero', 'context'],
    ]);
    expect(block.final.frames).toEqual([{ file: '/workspace/chain_context.py', line: 11, function: '<module>', code: 'total += rows.index(row) / 0' }]);
  });

  it('reads pandas chained KeyErrors with Cython frames that have no source line', () => {
    const block = single(data.PANDAS_KEYERROR);
    expect(summary(block)).toEqual([
      ['KeyError', "'SalePrice'", null],
      ['KeyError', "'SalePrice'", 'cause'],
    ]);
    expect(block.chain[0]!.frames.map((f) => [f.file, f.line, f.function, f.code])).toEqual([
      ['/usr/local/lib/python3.11/site-packages/pandas/core/indexes/base.py', 3805, 'get_loc', 'return self._engine.get_loc(casted_key)'],
      ['index.pyx', 167, 'pandas._libs.index.IndexEngine.get_loc', undefined],
      ['index.pyx', 196, 'pandas._libs.index.IndexEngine.get_loc', undefined],
      ['pandas/_libs/hashtable_class_helper.pxi', 7081, 'pandas._libs.hashtable.PyObjectHashTable.get_item', undefined],
      ['pandas/_libs/hashtable_class_helper.pxi', 7089, 'pandas._libs.hashtable.PyObjectHashTable.get_item', undefined],
    ]);
    expect(block.final.frames[0]).toEqual({
      file: '/workspace/train.py',
      line: 14,
      function: '<module>',
      code: 'y = train["SalePrice"]',
    });
    // KeyError messages are one repr() line: stdout flushed after the traceback is not part of it.
    expect(block.text.endsWith("KeyError: 'SalePrice'")).toBe(true);
  });

  it('keeps a cause printed without a traceback as the first member', () => {
    const block = single(data.UNRAISED_CAUSE_312);
    expect(summary(block)).toEqual([
      ['KeyError', "'lr'", null],
      ['RuntimeError', 'invalid config', 'cause'],
    ]);
    expect(block.chain[0]!.frames).toEqual([]);
    expect(block.start).toBe(0);
  });

  it('returns only the final exception after `raise ... from None`', () => {
    const block = single(data.RAISE_FROM_NONE_312);
    expect(summary(block)).toEqual([['ValueError', "unknown label: 'b'", null]]);
    expect(block.final.frames.map((f) => f.function)).toEqual(['<module>', 'lookup']);
  });

  it('reads CRLF output (PTY captures) like LF output, offsets excluding the carriage returns', () => {
    const crlf = data.CHAIN_CAUSE_311.replaceAll('\n', '\r\n');
    const block = single(crlf);
    expect(block.chain).toEqual(single(data.CHAIN_CAUSE_311).chain);
    expect(block.end).toBe(crlf.length - 2);
    expect(block.text.endsWith('config.json')).toBe(true);
  });
});

describe('parseTracebacks: SyntaxError locations', () => {
  it('parses a SyntaxError in the main script, which has no Traceback header', () => {
    const block = single(data.SYNTAX_ERROR_312);
    expect(summary(block)).toEqual([['SyntaxError', "'(' was never closed", null]]);
    expect(block.final.frames).toEqual([{ file: '/workspace/syn.py', line: 4, function: null, code: 'return np.mean((y - p) ** 2' }]);
    expect(block.start).toBe(0);
  });

  it('parses an IndentationError without a caret line', () => {
    const block = single(data.INDENTATION_ERROR_311);
    expect(summary(block)).toEqual([['IndentationError', 'unexpected indent', null]]);
    expect(block.final.frames).toEqual([{ file: '/workspace/ind.py', line: 3, function: null, code: 'return x' }]);
  });

  it('appends the location of a SyntaxError in an imported module as the innermost frame', () => {
    const block = single(data.SYNTAX_ERROR_IN_IMPORT_313);
    expect(block.final.exceptionClass).toBe('SyntaxError');
    expect(block.final.message).toBe('invalid syntax');
    expect(block.final.frames).toEqual([
      { file: '/workspace/imp_syn.py', line: 1, function: '<module>', code: 'import pkg.helper' },
      { file: '/workspace/pkg/helper.py', line: 1, function: null, code: 'def f(:' },
    ]);
  });
});

describe('parseTracebacks: frames', () => {
  it('drops 3.11+ caret and tilde marker lines from code', () => {
    for (const text of [data.CHAIN_CAUSE_311, data.CHAIN_CONTEXT_312, data.RECURSION_312, data.CALLED_PROCESS_ERROR_313]) {
      for (const frame of parseTracebacks(text).flatMap((b) => b.chain.flatMap((e) => e.frames))) {
        expect(frame.code).toBeDefined();
        expect(frame.code).not.toMatch(/[~^]{2}/);
      }
    }
  });

  it('keeps both lines of a statement that 3.13 prints across lines, dedented', () => {
    const block = single(data.CALLED_PROCESS_ERROR_313);
    expect(block.final.frames[1]).toEqual({
      file: '/usr/lib/python3.13/subprocess.py',
      line: 577,
      function: 'run',
      code: 'raise CalledProcessError(retcode, process.args,\n                         output=stdout, stderr=stderr)',
    });
  });

  it("keeps 3.13's `...<N lines>...` elision inside code (AIDE journal output)", () => {
    const block = single(data.AIDE_XGBOOST_TYPEERROR_313);
    expect(block.final.frames[0]!.code).toBe('model.fit(\n    X_train,\n...<4 lines>...\n    verbose=False,\n)');
    expect(block.final.message).toBe("XGBModel.fit() got an unexpected keyword argument 'eval_metric'");
  });

  it('records `[Previous line repeated N more times]` on the repeated frame', () => {
    const block = single(data.RECURSION_312);
    expect(block.final.exceptionClass).toBe('RecursionError');
    expect(block.final.message).toBe('maximum recursion depth exceeded');
    expect(block.final.frames).toHaveLength(4);
    expect(block.final.frames[3]).toEqual({
      file: '/workspace/rec.py',
      line: 2,
      function: 'walk',
      code: 'return walk(node)',
      repeated: 996,
    });
    expect(block.final.frames.slice(0, 3).every((f) => f.repeated === undefined)).toBe(true);
  });

  it('finds a traceback whose head was truncated, starting at its first frame', () => {
    const text = `[... 2048 characters truncated ...]\n${data.CHAIN_CONTEXT_312.slice(data.CHAIN_CONTEXT_312.lastIndexOf('  File'))}`;
    const block = single(text);
    expect(summary(block)).toEqual([['ZeroDivisionError', 'division by zero', null]]);
    expect(block.text.startsWith('  File "/workspace/chain_context.py", line 11')).toBe(true);
  });
});

describe('parseTracebacks: exception lines and messages', () => {
  it('reads a dotted class whose message contains colons', () => {
    const block = single(data.MESSAGE_WITH_COLONS_312);
    expect(block.final.exceptionClass).toBe('json.decoder.JSONDecodeError');
    expect(block.final.message).toBe("Expecting ',' delimiter: line 1 column 30 (char 29)");
    expect(block.final.frames).toHaveLength(5);
  });

  it('keeps an exception line whose message looks like a shell diagnostic', () => {
    const text = data.MESSAGE_WITH_COLONS_312.replace(/^json\.decoder\.JSONDecodeError: .*$/m, 'ValueError: line 3: expected 5 fields, saw 6');
    expect(single(text).final.message).toBe('line 3: expected 5 fields, saw 6');
  });

  it('reads subprocess.CalledProcessError', () => {
    expect(single(data.CALLED_PROCESS_ERROR_313).final.exceptionClass).toBe('subprocess.CalledProcessError');
  });

  it('reads a class printed without a message', () => {
    const block = single(data.KEYBOARD_INTERRUPT_311);
    expect(summary(block)).toEqual([['KeyboardInterrupt', '', null]]);
  });

  it('reads a multi-line message up to the end of the block', () => {
    expect(single(data.MULTI_LINE_MESSAGE_312).final.message).toBe(
      'Expected 2D array, got 1D array instead:\narray=[1. 2. 3.].\n' +
        'Reshape your data either using array.reshape(-1, 1) if your data has a single feature or ' +
        'array.reshape(1, -1) if it contains a single sample.',
    );
  });

  it('reads the CUDA OOM after a progress bar on the same raw line, starting the block at the header', () => {
    const block = single(data.CUDA_OOM);
    expect(block.start).toBe(data.CUDA_OOM.indexOf('Traceback'));
    expect(block.final.exceptionClass).toBe('torch.OutOfMemoryError');
    expect(block.final.message).toBe(data.CUDA_OOM_MESSAGE);
    expect(block.final.frames.map((f) => [f.file, f.line].join(':'))).toEqual([
      '/workspace/train.py:88',
      '/usr/local/lib/python3.11/dist-packages/torch/nn/modules/module.py:1553',
      '/usr/local/lib/python3.11/dist-packages/torch/nn/modules/module.py:1562',
      '/workspace/model.py:41',
    ]);
  });

  it('keeps every row of a hard-wrapped message', () => {
    const block = single(data.CUDA_OOM_WRAPPED);
    expect(block.final.exceptionClass).toBe('torch.OutOfMemoryError');
    expect(block.final.message.split('\n')).toHaveLength(6);
    expect(block.final.message.replaceAll('\n', '')).toBe(data.CUDA_OOM_MESSAGE);
  });

  it('ends a message that itself ends with a newline at the blank line', () => {
    const block = single(data.CUDA_ERROR_OUT_OF_MEMORY);
    expect(block.final.exceptionClass).toBe('RuntimeError');
    expect(block.final.message.split('\n')).toEqual([
      'CUDA error: out of memory',
      'CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.',
      'For debugging consider passing CUDA_LAUNCH_BLOCKING=1',
      'Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.',
    ]);
  });

  it('keeps the paragraphs and embedded traceback of a message that starts on the next line', () => {
    const block = single(data.SKLEARN_ALL_FITS_FAILED);
    expect(block.final.exceptionClass).toBe('ValueError');
    expect(block.final.frames.at(-1)!.function).toBe('_warn_or_raise_about_fit_failures');
    const message = block.final.message;
    expect(message.startsWith('All the 5 fits failed.\nIt is very likely')).toBe(true);
    expect(message).toContain("error_score='raise'.\n\nBelow are more details about the failures:");
    expect(message.endsWith("ValueError: could not convert string to float: 'male'")).toBe(true);
  });

  it('stops a message at log lines', () => {
    const blocks = parseTracebacks(data.CAUGHT_AND_PRINTED_311);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.final.message).toBe('fold 0 has no positive labels');
  });

  it('stops a message at shell, scheduler and glog lines', () => {
    const after = [
      'bash: line 1:  4242 Killed                  python train.py',
      './run.sh: line 3: 4242 Terminated python train.py',
      'slurmstepd: error: *** JOB 881234 ON gpu07 CANCELLED AT 2024-05-01T12:00:03 ***',
      'E0515 10:22:11.123000 140245 torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: 1)',
      '/workspace/train.py:12: UserWarning: The given NumPy array is not writable',
    ];
    for (const line of after) {
      expect(single(`${data.MULTI_LINE_MESSAGE_312}${line}\n`).final.message).toBe(single(data.MULTI_LINE_MESSAGE_312).final.message);
    }
  });
});

describe('parseTracebacks: blocks in surrounding output', () => {
  it('finds two tracebacks among progress and log lines', () => {
    const text = data.TWO_TRACEBACKS_WITH_NOISE;
    const blocks = parseTracebacks(text);
    expect(blocks.map((b) => [b.final.exceptionClass, b.final.message])).toEqual([
      ['ValueError', 'Input y contains NaN.'],
      ['ValueError', 'All arrays must be of the same length'],
    ]);
    for (const block of blocks) {
      expect(text.slice(block.start, block.end)).toBe(block.text);
      expect(block.text.startsWith('Traceback (most recent call last):')).toBe(true);
    }
    expect(blocks[0]!.text.endsWith('ValueError: Input y contains NaN.')).toBe(true);
    expect(blocks[1]!.text.endsWith('ValueError: All arrays must be of the same length')).toBe(true);
    expect(blocks[1]!.final.frames.map((f) => f.function)).toEqual(['<module>', '__init__']);
  });

  it('reads a frame line that a progress-bar redraw was written in front of (merged streams)', () => {
    const text = data.CUDA_OOM_FRAMES.replace('  File "/workspace/model.py"', ' 45%|████▌     | 45/100 [00:03<00:04, 12.1it/s]\r  File "/workspace/model.py"');
    const block = single(`${text}torch.OutOfMemoryError: x\n`);
    expect(block.final.frames.map((f) => f.function)).toEqual(['<module>', '_wrapped_call_impl', '_call_impl', 'forward']);
  });

  it('reads a traceback whose every line carries a `[rank0]: ` prefix', () => {
    const block = single(data.TORCHRUN_RANK_PREFIXED);
    expect(block.text.startsWith('[rank0]: Traceback')).toBe(true);
    expect(block.text.endsWith('got Long')).toBe(true);
    expect(block.final.exceptionClass).toBe('RuntimeError');
    expect(block.final.message).toBe('Expected floating point type for target with class probabilities, got Long');
    expect(block.final.frames.map((f) => f.function)).toEqual(['<module>', 'main', '_wrapped_call_impl', 'forward']);
    expect(block.final.frames[3]!.code).toBe('return F.cross_entropy(input, target, weight=self.weight,');
  });

  it('reads a traceback coloured with ANSI escapes like the plain one, offsets in the raw input', () => {
    const block = single(data.COLOURED_CHAIN_313);
    expect(summary(block)).toEqual(summary(single(data.CHAIN_CAUSE_311)));
    expect(block.final.frames.map((f) => [f.file, f.line, f.function, f.code])).toEqual([
      ['/workspace/chain_cause.py', 17, '<module>', 'main()'],
      ['/workspace/chain_cause.py', 13, 'main', 'raise RuntimeError("could not load config: config.json") from err'],
    ]);
    expect(block.text).toContain('\x1b[35m');
    expect(block.end).toBe(data.COLOURED_CHAIN_313.length - 1);
  });

  it('returns nothing for output without a traceback or with a traceback cut before its exception line', () => {
    expect(parseTracebacks('')).toEqual([]);
    expect(parseTracebacks('epoch 1 loss 0.31\nepoch 2 loss 0.27\nKilled\n')).toEqual([]);
    const cut = data.CHAIN_CONTEXT_312.slice(0, data.CHAIN_CONTEXT_312.indexOf('ValueError'));
    expect(parseTracebacks(cut)).toEqual([]);
  });
});

describe('parseTracebacks: exception groups', () => {
  it('returns the group class, message and frames', () => {
    const block = single(data.EXCEPTION_GROUP_311);
    expect(summary(block)).toEqual([['ExceptionGroup', 'many (2 sub-exceptions)', null]]);
    expect(block.final.frames).toEqual([
      {
        file: '/workspace/group.py',
        line: 1,
        function: '<module>',
        code: 'raise ExceptionGroup("many", [ValueError(1), TypeError(2)])',
      },
    ]);
    expect(block.end).toBe(data.EXCEPTION_GROUP_311.length - 1);
  });

  it('reads the header-less group of `except*` as one block', () => {
    const block = single(data.EXCEPT_STAR_GROUP_313);
    expect(summary(block)).toEqual([['ExceptionGroup', '(2 sub-exceptions)', null]]);
    expect(block.end).toBe(data.EXCEPT_STAR_GROUP_313.length - 1);
  });

  it('chains an exception raised while handling a group', () => {
    const block = single(data.GROUP_THEN_CONTEXT_312);
    expect(summary(block)).toEqual([
      ['ExceptionGroup', 'loaders failed (2 sub-exceptions)', null],
      ['SystemError', 'cannot continue', 'context'],
    ]);
  });
});

describe('parseTracebacks: cost', () => {
  const MB = 1024 * 1024;
  // Tells linear from quadratic, not fast from slow: a quadratic pass over 5 MB takes hours, a
  // linear one under a second on a quiet machine, so the bound holds on a machine under any load.
  const linearBoundMs = 15_000;

  function timed<T>(run: () => T): { result: T; ms: number } {
    const started = performance.now();
    const result = run();
    return { result, ms: performance.now() - started };
  }

  it('parses a traceback after a 5 MB single line of progress-bar redraws quickly', () => {
    const bar = '\r 42%|████▏     | 42/100 [00:03<00:04, 12.1it/s]';
    const text = `${bar.repeat(Math.ceil((5 * MB) / bar.length))}${data.CUDA_OOM_FRAMES}torch.OutOfMemoryError: x\n`;
    const { result, ms } = timed(() => parseTracebacks(text));
    expect(result.map((b) => b.final.exceptionClass)).toEqual(['torch.OutOfMemoryError']);
    expect(ms).toBeLessThan(linearBoundMs);
  });

  it('stays linear on 5 MB lines built against each pattern', () => {
    const adversarial = [
      `${'a.'.repeat(2.5 * MB)} b`,
      `  File "${'x'.repeat(5 * MB)}`,
      `  File "a", line 1, in ${'", line 1, in '.repeat(0.35 * MB)}!`,
      `Traceback (most recent call last):\n  File "a", line 1, in f\nValueError: ${'x'.repeat(5 * MB)}\n${'y '.repeat(2.5 * MB)}`,
      `${'  |'.repeat(1.7 * MB)}\n${'+-'.repeat(2.5 * MB)}`,
      `${' '.repeat(5 * MB)}Traceback (most recent call last):`,
    ];
    for (const text of adversarial) {
      const { ms } = timed(() => parseTracebacks(text));
      expect(ms).toBeLessThan(linearBoundMs);
    }
  });

  it('stays linear on many headers and many frames that never reach an exception line', () => {
    const headers = 'Traceback (most recent call last):\n'.repeat(200_000);
    const frames = `Traceback (most recent call last):\n${'  File "a.py", line 1, in f\n    f()\n'.repeat(100_000)}`;
    for (const text of [headers, frames]) {
      const { result, ms } = timed(() => parseTracebacks(text));
      expect(result).toEqual([]);
      expect(ms).toBeLessThan(linearBoundMs);
    }
  });
});
