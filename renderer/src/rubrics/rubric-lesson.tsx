import type { RubricDetail } from '../../../common/rubrics/rubric-types';
import { RubricText } from './rubric-text';

/** The lesson itself: when it applies, the pattern to look for, and the suggested fix. */
export function RubricLesson({ rubric }: { rubric: RubricDetail }) {
  return (
    <section className="rubric-section" aria-label="Lesson">
      <dl className="lesson">
        <dt>Applies when</dt>
        <dd data-testid="rubric-applies-when">
          <RubricText text={rubric.appliesWhen} />
        </dd>
        <dt>Pattern</dt>
        <dd data-testid="rubric-pattern">
          <RubricText text={rubric.pattern} />
        </dd>
        <dt>Fix</dt>
        <dd>{rubric.fix ? <RubricText text={rubric.fix} /> : <span className="muted">No fix suggested.</span>}</dd>
      </dl>
    </section>
  );
}
