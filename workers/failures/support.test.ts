import { describe, expect, it } from 'vitest';
import { stripAnsi } from './ansi';
import { findMissingCommand, lastNonBlankLine } from './evidence';
import { exitStatusMayBeMasked } from './shell';

describe('stripAnsi', () => {
  it('removes SGR colours, cursor controls, OSC hyperlinks and charset selection', () => {
    expect(stripAnsi('\x1b[1;35mValueError\x1b[0m: \x1b[35mbad\x1b[0m')).toBe('ValueError: bad');
    expect(stripAnsi('\x1b[?25l\x1b[2K\x1b[1Gdone\x1b[?25h')).toBe('done');
    expect(stripAnsi('see \x1b]8;;https://pytorch.org\x07docs\x1b]8;;\x07 and \x1b]8;;x\x1b\\y\x1b]8;;\x1b\\')).toBe('see docs and y');
    expect(stripAnsi('\x1b(Bplain\x9b31mred')).toBe('plainred');
  });

  it('returns text without escapes unchanged', () => {
    const text = 'Traceback (most recent call last):\n  File "x.py", line 1';
    expect(stripAnsi(text)).toBe(text);
  });
});

describe('exitStatusMayBeMasked', () => {
  it.each([
    ['python train.py 2>&1 | tail -n 50', true],
    ['python train.py | tee log.txt', true],
    ['python train.py || true', true],
    ['python train.py', false],
    ['python train.py && python predict.py', false],
    ['python train.py > log.txt 2>&1; echo done', false],
    ['set -o pipefail; python train.py | tee log.txt', false],
    ['python -c "import sys; print(1 | 2)"', false],
    ["grep -E 'a|b' log.txt", false],
    ["python - <<'EOF'\nflags = READ | WRITE\nEOF", false],
    ["python - <<'EOF' | tail -5\nflags = READ | WRITE\nEOF", true],
    ['cat > run.py <<EOF\nx = a | b\nEOF\npython run.py 2>&1 | tail', true],
    ['echo $((1 << 3)) | cat', true],
  ])('%j → %s', (command, masked) => {
    expect(exitStatusMayBeMasked(command)).toBe(masked);
  });
});

describe('evidence', () => {
  it('takes the command name from bash, dash and zsh messages', () => {
    expect(findMissingCommand('bash: line 1: torchrun: command not found\n')).toEqual({
      command: 'torchrun',
      fromPackage: true,
    });
    expect(findMissingCommand('/bin/sh: 1: ./train.sh: not found')).toEqual({ command: './train.sh', fromPackage: false });
    expect(findMissingCommand('zsh: command not found: jq')).toEqual({ command: 'jq', fromPackage: true });
    expect(findMissingCommand('FileNotFoundError: config not found')).toBeNull();
  });

  it('finds the last non-blank line', () => {
    expect(lastNonBlankLine('a\nb\n\n  \n')).toBe('b');
    expect(lastNonBlankLine('\n\n')).toBeNull();
    expect(lastNonBlankLine('')).toBeNull();
  });
});
