/**
 * Human labels: two annotators categorising overlapping halves of the Whole-rollout
 * library (with the disagreements an adjudication view needs), and quality audits of
 * Quota rubrics with reject reasons.
 */
import type { RecordOf } from '../../common/corpus/bundle';
import { createRng } from './prng';

type Label = RecordOf<'label'>;

/** Items where the annotators read the lesson differently: [ana, ben]. */
const disagreements: Record<string, [string, string]> = {
  'rb-0022': ['Q02', 'P01'],
  'rb-0027': ['Q04', 'C03'],
  'rb-0029': ['Q04', 'Q02'],
  'rb-0033': ['Q05', 'Q06'],
  'rb-0037': ['Q07', 'Q05'],
  'rb-0039': ['P01', 'C11'],
};

/** Single-annotator departures from the miner's category (not disagreements). */
const departures: Record<string, Record<string, string>> = {
  ana: { 'rb-0014': 'Q04' },
  ben: { 'rb-0043': 'P03' },
};

const notes: Record<string, Record<string, string>> = {
  ana: {
    'rb-0014': 'The crash is a symptom; training on casual/registered is the leak.',
    'rb-0027': 'Leakage, even though the visible failure is the feature-name error.',
  },
  ben: {
    'rb-0022': 'Reads as a modelling choice rather than the metric itself.',
    'rb-0039': 'Kernel-specific; closest crash category is C11.',
  },
};

const stamp = (start: number, minutes: number) => new Date(start + minutes * 60_000).toISOString().replace('.000Z', 'Z');

function categoryLabels(annotator: 'ana' | 'ben', ids: string[], categoryOf: (id: string) => string, start: string): Label[] {
  const rng = createRng(annotator === 'ana' ? 11 : 12);
  let minutes = 0;
  return ids.map((id) => {
    minutes += rng.int(1, 6);
    const pair = disagreements[id];
    const value = pair ? pair[annotator === 'ana' ? 0 : 1] : (departures[annotator]?.[id] ?? categoryOf(id));
    return {
      type: 'label',
      annotator,
      schema: 'category',
      target: { kind: 'rubric', id },
      value,
      reasons: [],
      note: notes[annotator]?.[id] ?? '',
      at: stamp(Date.parse(start), minutes),
      taxonomy: 'v1',
    };
  });
}

const audit = (annotator: string, id: string, at: string, value: 'accept' | 'reject', reasons: string[] = [], note = ''): Label => ({
  type: 'label',
  annotator,
  schema: 'quality_audit',
  target: { kind: 'rubric', id },
  value,
  reasons,
  note,
  at,
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `rb-${String(from + i).padStart(4, '0')}`);

/** All label records; `categoryOf` gives a rubric's category as the miner assigned it. */
export function buildLabels(categoryOf: (id: string) => string): Label[] {
  return [
    ...categoryLabels('ana', range(11, 40), categoryOf, '2026-10-01T09:00:00Z'),
    ...categoryLabels('ben', range(21, 50), categoryOf, '2026-10-02T13:30:00Z'),
    audit('ana', 'rb-0056', '2026-10-03T10:02:00Z', 'reject', ['duplicate'], 'Near-duplicate of rb-0013 (column names typed from memory).'),
    audit('ana', 'rb-0057', '2026-10-03T10:05:00Z', 'accept'),
    audit('ana', 'rb-0058', '2026-10-03T10:07:00Z', 'accept'),
    audit(
      'ana',
      'rb-0059',
      '2026-10-03T10:12:00Z',
      'reject',
      ['wrong_program_citation'],
      'Quotes the coefficient loop as if from ols.py of r-0006; it is in regress.py of r-0109.',
    ),
    audit('ana', 'rb-0060', '2026-10-03T10:14:00Z', 'accept'),
    audit('ana', 'rb-0061', '2026-10-03T10:17:00Z', 'accept'),
    audit(
      'ana',
      'rb-0063',
      '2026-10-03T10:21:00Z',
      'reject',
      ['failed_quality_review'],
      'A one-off missing import; nothing a judge could check before running.',
    ),
    audit('ana', 'rb-0066', '2026-10-03T10:26:00Z', 'accept'),
    audit('ben', 'rb-0056', '2026-10-03T15:40:00Z', 'reject', ['duplicate']),
    audit('ben', 'rb-0064', '2026-10-03T15:44:00Z', 'accept'),
    audit('ben', 'rb-0065', '2026-10-03T15:47:00Z', 'accept'),
    audit('ben', 'rb-0067', '2026-10-03T15:53:00Z', 'reject', ['format'], 'Fix offers two remedies at once; split into one lesson per remedy.'),
  ];
}
