import type { ProgramExcerpt } from '../../../common/labels/labels';
import { formatHash } from '../router/route';

/** Program lines with their numbers, the line that matters marked; the header opens the rollout. */
export function ProgramLines({ excerpt, title }: { excerpt: ProgramExcerpt; title?: string }) {
  return (
    <figure className="program-lines" data-testid="program-lines">
      <figcaption>
        <a href={formatHash({ name: 'rollout', id: excerpt.rollout, step: null })} className="mono" tabIndex={-1}>
          {excerpt.rollout}
        </a>{' '}
        <span className="mono">
          {excerpt.path} v{excerpt.version}:{excerpt.focus}
        </span>
        {title && <span className="muted"> · {title}</span>}
      </figcaption>
      <pre tabIndex={0}>
        {excerpt.lines.map((line, i) => {
          const number = excerpt.start + i;
          return (
            <span key={number} className={number === excerpt.focus ? 'program-line focus' : 'program-line'}>
              <span className="line-number">{number}</span>
              {line}
              {'\n'}
            </span>
          );
        })}
      </pre>
    </figure>
  );
}
