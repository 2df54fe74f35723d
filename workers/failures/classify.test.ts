import { describe, expect, it } from 'vitest';
import { extractFailure, type FailureDraft, type StepOutcome } from './classify';
import * as data from './test-data';

function step(outcome: Partial<StepOutcome>): StepOutcome {
  return { command: 'python train.py', stdout: '', stderr: '', exitCode: 1, timedOut: false, killed: false, ...outcome };
}

/** The fields that identify a failure, for exact comparison. */
function brief(draft: FailureDraft | null): [string, string | null, string | null] | null {
  return draft && [draft.kind, draft.exceptionClass, draft.message];
}

describe('extractFailure: successful steps', () => {
  it('returns null for exit 0 without a traceback', () => {
    expect(extractFailure(step({ exitCode: 0, stdout: 'val auc 0.91\nwrote submission.csv\n' }))).toBeNull();
  });

  it('returns null for exit 0 with a caught-and-printed traceback followed by more output', () => {
    const stdout = data.CAUGHT_AND_PRINTED_311;
    expect(extractFailure(step({ exitCode: 0, stdout }))).toBeNull();
    expect(extractFailure(step({ exitCode: 0, stdout, command: 'python cv.py 2>&1 | tail -n 40' }))).toBeNull();
  });

  it('returns null for exit 0 ending in a traceback when the status is authoritative', () => {
    expect(extractFailure(step({ exitCode: 0, stderr: data.CHAIN_CAUSE_311 }))).toBeNull();
    const heredoc = "python - <<'EOF'\nflags = READ | WRITE\nrun(flags)\nEOF";
    expect(extractFailure(step({ exitCode: 0, stderr: data.CHAIN_CAUSE_311, command: heredoc }))).toBeNull();
  });

  it('reports a crash when a pipe masks the status and the output ends in a traceback', () => {
    const draft = extractFailure(step({ exitCode: 0, stdout: `${data.CHAIN_CAUSE_311}\n`, command: 'python train.py 2>&1 | tail -n 40' }));
    expect(brief(draft)).toEqual(['crash', 'RuntimeError', 'could not load config: config.json']);
    expect(brief(extractFailure(step({ exitCode: 0, stderr: data.CHAIN_CAUSE_311, command: 'python train.py || true' })))).toEqual([
      'crash',
      'RuntimeError',
      'could not load config: config.json',
    ]);
  });
});

describe('extractFailure: crashes', () => {
  it('takes the final exception of a chain, its frames, the chain and the raw block', () => {
    const draft = extractFailure(step({ stderr: data.CHAIN_CAUSE_311 }))!;
    expect(brief(draft)).toEqual(['crash', 'RuntimeError', 'could not load config: config.json']);
    expect(draft.frames.map((f) => [f.file, f.line, f.function])).toEqual([
      ['/workspace/chain_cause.py', 17, '<module>'],
      ['/workspace/chain_cause.py', 13, 'main'],
    ]);
    expect(draft.chain.map((e) => [e.exceptionClass, e.relation])).toEqual([
      ['FileNotFoundError', null],
      ['RuntimeError', 'cause'],
    ]);
    expect(draft.traceback).toBe(data.CHAIN_CAUSE_311.trimEnd());
  });

  it('takes the last of several tracebacks', () => {
    const draft = extractFailure(step({ stdout: data.TWO_TRACEBACKS_WITH_NOISE }));
    expect(brief(draft)).toEqual(['crash', 'ValueError', 'All arrays must be of the same length']);
  });

  it('prefers a traceback in stderr over one in stdout', () => {
    const draft = extractFailure(step({ stderr: data.CHAIN_CONTEXT_312, stdout: data.MESSAGE_WITH_COLONS_312 }));
    expect(brief(draft)).toEqual(['crash', 'ZeroDivisionError', 'division by zero']);
  });

  it('finds the traceback in stdout when streams were merged', () => {
    const draft = extractFailure(step({ stdout: data.PANDAS_KEYERROR, stderr: 'warnings: 2\n' }));
    expect(brief(draft)).toEqual(['crash', 'KeyError', "'SalePrice'"]);
    expect(draft!.frames[0]).toEqual({ file: '/workspace/train.py', line: 14, function: '<module>', code: 'y = train["SalePrice"]' });
  });

  it('strips ANSI colours before parsing and in the stored traceback', () => {
    const draft = extractFailure(step({ stderr: data.COLOURED_CHAIN_313 }))!;
    expect(brief(draft)).toEqual(['crash', 'RuntimeError', 'could not load config: config.json']);
    expect(draft.traceback).not.toContain('\x1b');
    expect(draft.traceback!.startsWith('Traceback (most recent call last):\n  File "/workspace/chain_cause.py", line 11')).toBe(true);
  });

  it('reports a SyntaxError with its location frame', () => {
    const draft = extractFailure(step({ stderr: data.SYNTAX_ERROR_312 }))!;
    expect(brief(draft)).toEqual(['crash', 'SyntaxError', "'(' was never closed"]);
    expect(draft.frames).toEqual([{ file: '/workspace/syn.py', line: 4, function: null, code: 'return np.mean((y - p) ** 2' }]);
  });

  it('reports an exception group by its class', () => {
    expect(brief(extractFailure(step({ stderr: data.EXCEPTION_GROUP_311 })))).toEqual(['crash', 'ExceptionGroup', 'many (2 sub-exceptions)']);
  });

  it('reports an exception without a message with a null message', () => {
    expect(brief(extractFailure(step({ exitCode: 130, stderr: data.KEYBOARD_INTERRUPT_311 })))).toEqual(['crash', 'KeyboardInterrupt', null]);
  });

  it('reports a crash with no class and no message for exit 1 with empty output', () => {
    expect(extractFailure(step({ exitCode: 1 }))).toEqual({
      kind: 'crash',
      exceptionClass: null,
      message: null,
      frames: [],
      chain: [],
      traceback: null,
    });
  });

  it('uses the last error line as the message when there is no traceback', () => {
    const stderr = 'usage: train.py [-h] [--lr LR]\ntrain.py: error: unrecognized arguments: --epochs 3\n';
    expect(brief(extractFailure(step({ exitCode: 2, stderr })))).toEqual(['crash', null, 'train.py: error: unrecognized arguments: --epochs 3']);
  });

  it('treats an unknown exit status as a failure only on evidence', () => {
    expect(brief(extractFailure(step({ exitCode: null, stderr: data.CHAIN_CONTEXT_312 })))).toEqual(['crash', 'ZeroDivisionError', 'division by zero']);
    expect(extractFailure(step({ exitCode: null, stdout: 'done\n' }))).toBeNull();
    expect(brief(extractFailure(step({ exitCode: null, stderr: data.PIP_NO_MATCHING_DISTRIBUTION })))?.[0]).toBe('missing_package');
  });
});

describe('extractFailure: timeouts and kills', () => {
  it('reports exit 124 as a timeout', () => {
    const draft = extractFailure(step({ exitCode: 124, stdout: 'step 100 loss 2.1\nstep 200 loss 2.0\n' }));
    expect(draft).toEqual({ kind: 'timeout', exceptionClass: null, message: null, frames: [], chain: [], traceback: null });
  });

  it('keeps the traceback that ends a timed-out step to show where it was stopped', () => {
    const draft = extractFailure(step({ exitCode: null, timedOut: true, stderr: data.KEYBOARD_INTERRUPT_311 }))!;
    expect(brief(draft)).toEqual(['timeout', 'KeyboardInterrupt', null]);
    expect(draft.frames.map((f) => f.function)).toEqual(['<module>', 'train']);
  });

  it('reports exit 137 with only a shell kill notice as killed', () => {
    const stderr = 'bash: line 1:  4242 Killed                  python train.py\n';
    expect(brief(extractFailure(step({ exitCode: 137, stdout: 'step 1200 loss 2.314\n', stderr })))).toEqual([
      'killed',
      null,
      'bash: line 1:  4242 Killed                  python train.py',
    ]);
  });

  it('reports a killed step with a bare "Killed" as killed', () => {
    expect(brief(extractFailure(step({ exitCode: null, killed: true, stderr: 'Killed\n' })))).toEqual(['killed', null, 'Killed']);
  });

  it('reports exit 137 with a host out-of-memory report as oom', () => {
    expect(brief(extractFailure(step({ exitCode: 137, stderr: data.SLURM_OOM_KILL })))).toEqual([
      'oom',
      null,
      'slurmstepd: error: Detected 1 oom_kill event in StepId=881234.batch. Some of your processes may have been killed by the cgroup out-of-memory handler.',
    ]);
    const dmesg = 'Out of memory: Killed process 4242 (python) total-vm:81234567kB, anon-rss:60123456kB\n';
    expect(brief(extractFailure(step({ killed: true, exitCode: null, stderr: dmesg })))?.slice(0, 2)).toEqual(['oom', null]);
  });

  it('reports exit 137 after a CUDA OOM traceback as oom with the exception', () => {
    expect(brief(extractFailure(step({ exitCode: 137, stderr: data.CUDA_OOM })))).toEqual(['oom', 'torch.OutOfMemoryError', data.CUDA_OOM_MESSAGE]);
  });
});

describe('extractFailure: out of memory', () => {
  it('reports a CUDA OOM traceback with exit 1 as oom, innermost frame last', () => {
    const draft = extractFailure(step({ stderr: data.CUDA_OOM }))!;
    expect(brief(draft)).toEqual(['oom', 'torch.OutOfMemoryError', data.CUDA_OOM_MESSAGE]);
    expect(draft.frames.at(-1)).toEqual({
      file: '/workspace/model.py',
      line: 41,
      function: 'forward',
      code: 'attn = torch.softmax(q @ k.transpose(-2, -1) / self.scale, dim=-1)',
    });
  });

  it('reports `RuntimeError: CUDA error: out of memory` as oom', () => {
    expect(brief(extractFailure(step({ stderr: data.CUDA_ERROR_OUT_OF_MEMORY })))?.slice(0, 2)).toEqual(['oom', 'RuntimeError']);
  });

  it("reports NumPy's MemoryError subclass as oom", () => {
    expect(brief(extractFailure(step({ stderr: data.NUMPY_MEMORY_ERROR })))).toEqual([
      'oom',
      'numpy.core._exceptions._ArrayMemoryError',
      'Unable to allocate 74.5 GiB for an array with shape (100000, 100000) and data type float64',
    ]);
  });

  it('does not take a gRPC quota error for memory exhaustion', () => {
    const stderr =
      'grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n' +
      '\tstatus = StatusCode.RESOURCE_EXHAUSTED\n\tdetails = "Quota exceeded for requests per minute"\n>\n';
    expect(brief(extractFailure(step({ stderr })))?.[0]).toBe('crash');
  });

  it('reports std::bad_alloc without a traceback as oom', () => {
    expect(brief(extractFailure(step({ exitCode: 134, stderr: data.CPP_BAD_ALLOC })))).toEqual(['oom', null, 'what():  std::bad_alloc']);
  });
});

describe('extractFailure: missing packages and commands', () => {
  it('reports ModuleNotFoundError as missing_package', () => {
    const stderr = data.AIDE_XGBOOST_TYPEERROR_313.replace(/TypeError: .*/, "ModuleNotFoundError: No module named 'catboost'");
    expect(brief(extractFailure(step({ stderr })))).toEqual(['missing_package', 'ModuleNotFoundError', "No module named 'catboost'"]);
  });

  it("reports pandas' missing optional dependency as missing_package", () => {
    expect(brief(extractFailure(step({ stderr: data.PANDAS_MISSING_OPTIONAL_DEPENDENCY })))?.slice(0, 2)).toEqual(['missing_package', 'ImportError']);
  });

  it('reports a pip resolution error as missing_package', () => {
    const draft = extractFailure(step({ command: 'pip install torch==2.9.9', stderr: data.PIP_NO_MATCHING_DISTRIBUTION }));
    expect(brief(draft)).toEqual(['missing_package', null, 'ERROR: No matching distribution found for torch==2.9.9']);
  });

  it('reports exit 127 for a packaged CLI as missing_package', () => {
    const draft = extractFailure(
      step({ exitCode: 127, command: 'kaggle competitions download -c titanic', stderr: 'bash: line 1: kaggle: command not found\n' }),
    );
    expect(draft).toEqual({
      kind: 'missing_package',
      exceptionClass: null,
      message: 'command not found: kaggle',
      frames: [],
      chain: [],
      traceback: null,
    });
    const ubuntu = "Command 'unzip' not found, but can be installed with:\n\napt install unzip\n";
    expect(brief(extractFailure(step({ exitCode: 127, stderr: ubuntu })))).toEqual(['missing_package', null, 'command not found: unzip']);
  });

  it('reports exit 127 for any other command as a crash', () => {
    expect(brief(extractFailure(step({ exitCode: 127, stderr: '/bin/sh: 1: pyhton: not found\n' })))).toEqual(['crash', null, 'command not found: pyhton']);
    expect(brief(extractFailure(step({ exitCode: 127, stderr: 'zsh: command not found: ./run_all.sh\n' })))).toEqual([
      'crash',
      null,
      'command not found: ./run_all.sh',
    ]);
  });
});

describe('extractFailure: cost', () => {
  it('classifies a 5 MB single-line output quickly', () => {
    const bar = '\r 42%|████▏     | 42/100 [00:03<00:04, 12.1it/s]';
    const stdout = bar.repeat(Math.ceil((5 * 1024 * 1024) / bar.length));
    const started = performance.now();
    const draft = extractFailure(step({ exitCode: 1, stdout, stderr: `${stdout}${data.CUDA_OOM_FRAMES}torch.OutOfMemoryError: x\n` }));
    // Tells linear from quadratic (hours on 5 MB), so it holds on a machine under any load.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(brief(draft)).toEqual(['oom', 'torch.OutOfMemoryError', 'x']);
  });
});
