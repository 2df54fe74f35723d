/**
 * Failures as agent harnesses print them: tracebacks behind pytest's line prefixes, pytest's
 * own failure report, and time-out notices that carry no exception and no exit code.
 */
import { describe, expect, it } from 'vitest';
import { extractFailure, type StepOutcome } from '.';

const step = (stdout: string, exitCode: number | null = 1, command = 'pytest -x'): StepOutcome => ({
  command,
  stdout,
  stderr: '',
  exitCode,
  timedOut: false,
  killed: false,
});

describe('tracebacks behind line prefixes', () => {
  it("reads a traceback behind pytest's INTERNALERROR> prefix", () => {
    const out = [
      'INTERNALERROR> Traceback (most recent call last):',
      'INTERNALERROR>   File "/usr/lib/python3/site-packages/_pytest/main.py", line 269, in wrap_session',
      'INTERNALERROR>     session.exitstatus = doit(config, session) or 0',
      'INTERNALERROR>   File "/repo/conftest.py", line 12, in pytest_collection',
      'INTERNALERROR>     raise ValueError("bad config")',
      'INTERNALERROR> ValueError: bad config',
    ].join('\n');
    expect(extractFailure(step(out, 3))).toMatchObject({
      kind: 'crash',
      exceptionClass: 'ValueError',
      message: 'bad config',
      frames: [
        { file: '/usr/lib/python3/site-packages/_pytest/main.py', line: 269 },
        { file: '/repo/conftest.py', line: 12, function: 'pytest_collection' },
      ],
    });
  });

  it("reads a traceback behind pytest's `E   ` prefix", () => {
    const out = [
      'tests/test_a.py:5: in test_load',
      '    load()',
      'E   Traceback (most recent call last):',
      'E     File "/repo/pkg/loader.py", line 3, in load',
      'E       import numpy',
      "E   ModuleNotFoundError: No module named 'numpy'",
    ].join('\n');
    expect(extractFailure(step(out))).toMatchObject({
      kind: 'missing_package',
      exceptionClass: 'ModuleNotFoundError',
      frames: [{ file: '/repo/pkg/loader.py', line: 3 }],
    });
  });

  it("reads pytest's own report of a failed test: its location lines are the frames", () => {
    const out = [
      '    def test_div():',
      '>       assert div(1, 0) == 1',
      '',
      'tests/test_x.py:4: ',
      '_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _',
      '',
      '    def div(a, b):',
      '>       return a / b',
      'E       ZeroDivisionError: division by zero',
      '',
      'src/x.py:2: ZeroDivisionError',
      '=========================== short test summary info ============================',
      'FAILED tests/test_x.py::test_div - ZeroDivisionError: division by zero',
    ].join('\n');
    expect(extractFailure(step(out))).toMatchObject({
      kind: 'crash',
      exceptionClass: 'ZeroDivisionError',
      message: 'division by zero',
      frames: [
        { file: 'tests/test_x.py', line: 4, function: null },
        { file: 'src/x.py', line: 2, function: null },
      ],
    });
  });
});

describe('failures that carry no exception', () => {
  it("takes SWE-agent's EXECUTION TIMED OUT as a time-out, with no exit code recorded", () => {
    expect(extractFailure(step('\nEXECUTION TIMED OUT', null, './rock'))).toEqual({
      kind: 'timeout',
      exceptionClass: null,
      message: 'EXECUTION TIMED OUT',
      frames: [],
      chain: [],
      traceback: null,
    });
  });

  it('keeps the harness notice as the message of a step flagged as timed out', () => {
    const notice = "The command 'python train.py' was cancelled because it took more than 1800 seconds. Please try a different command.";
    expect(extractFailure({ ...step(notice, null, 'python train.py'), timedOut: true })).toMatchObject({ kind: 'timeout', message: notice });
  });

  it('does not take the words "timed out" in ordinary output for a harness notice', () => {
    expect(extractFailure(step('request timed out, retrying\ndone', null, 'python fetch.py'))).toBeNull();
  });
});
