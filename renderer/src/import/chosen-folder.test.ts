import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../common/errors';
import type { ImportRow } from '../lib/import-results';
import { chosenName, companionsOf, FolderUploads, splitFolder, withFolderHint } from './chosen-folder';

/** A File as a folder pick gives it: `relative` is its path inside the chosen folder ('' for a file chosen alone). */
function picked(relative: string, name = relative.split('/').pop()!, size = 1): File {
  const file = new File([new Uint8Array(size)], name);
  Object.defineProperty(file, 'webkitRelativePath', { value: relative });
  return file;
}

const failedRow = (field: string): ImportRow => ({
  name: 'journal.json',
  format: 'auto',
  rollouts: 0,
  steps: 0,
  failures: 0,
  rubrics: 0,
  duplicates: 0,
  status: 'failed',
  error: { code: 'import_failed', message: `journal.json:23 field "${field}": names code/node_0.py, which is not in the journal's folder`, details: { field } },
});

describe('a chosen folder', () => {
  it('imports its run files and sends the rest along (but no file too large to be a program), only for folders that still have a run', () => {
    const data = picked('run/train.bin', 'train.bin', 16 * 1024 * 1024 + 1);
    const files = [picked('run/journal.json'), picked('run/code/node_0.py'), data, picked('run/plot.html'), picked('other/notes.txt')];
    const { runs, companions } = splitFolder(files);
    expect(runs.map(chosenName)).toEqual(['run/journal.json']);
    expect(companions.map(chosenName)).toEqual(['run/code/node_0.py', 'run/plot.html', 'other/notes.txt']);
    expect(companionsOf(runs, companions).map(chosenName)).toEqual(['run/code/node_0.py', 'run/plot.html']);
    expect(chosenName(picked('', 'alone.traj'))).toBe('alone.traj');
  });

  it('gives each folder one upload id, and refuses the runs of a folder one of whose files failed to upload', async () => {
    const uploads = new FolderUploads();
    const journal = picked('run/journal.json');
    const sent: [string, string][] = [];
    await uploads.sendCompanions(
      [picked('run/code/big.py'), picked('run/code/node_0.py'), picked('other/code.py')],
      (file, folder) => {
        if (file.name === 'big.py') return Promise.reject(new ApiError('too_large', 'big.py is larger than 1024 bytes'));
        sent.push([chosenName(file), folder]);
        return Promise.resolve('/uploaded');
      },
      () => undefined,
    );
    // After one of its files failed, the folder sends nothing more.
    expect(sent.map(([name]) => name)).toEqual(['other/code.py']);
    expect(uploads.errorOf(journal)).toMatchObject({ code: 'too_large' });
    expect(uploads.errorOf(picked('other/journal.json'))).toBeUndefined();
    expect(uploads.idOf(picked('other/journal.json'))).toBe(sent[0]![1]);
    expect(uploads.idOf(journal)).toMatch(/^[0-9a-f]{24}$/);
    expect(uploads.idOf(journal)).not.toBe(sent[0]![1]);
    expect(uploads.idOf(picked('', 'alone.json'))).toBeUndefined();
  });

  it('tells a journal uploaded alone, and only such a one, to pick its run folder', () => {
    const alone = withFolderHint(failedRow('nodes.0.code_file'), picked('', 'journal.json'));
    expect(alone.error?.message).toContain('journal.json was uploaded without the files beside it: choose its run folder with “Choose folder…”');
    expect(withFolderHint(failedRow('nodes.0.code_file'), picked('run/journal.json')).error?.message).not.toContain('Choose folder');
    expect(withFolderHint(failedRow('nodes.0.code'), picked('', 'journal.json')).error?.message).not.toContain('Choose folder');
  });
});
