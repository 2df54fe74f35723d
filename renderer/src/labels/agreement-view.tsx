import type { AgreementReport } from '../../../common/labels/agreement-report';
import type { LabelSchema } from '../../../common/labels/label-schema';
import { useOperation } from '../api/use-operation';
import { LoadingState } from '../components/loading-state';
import { TableScroll } from '../components/table-scroll';
import { reportError } from '../app-state/app-store';

const fixed = (n: number | null) => (n === null ? '—' : n.toFixed(3));

function ConfusionMatrix({ report }: { report: Extract<AgreementReport, { method: 'kappa' }> }) {
  const { values, counts } = report.confusion;
  const [first, second] = report.annotators;
  // One row and column per category used: with a whole taxonomy it is wider than its half of the screen, and scrolls there.
  return (
    <TableScroll label="Confusion matrix">
      <table className="confusion" data-testid="confusion-matrix">
        <caption>
          {first} (rows) × {second} (columns)
        </caption>
        <thead>
          <tr>
            <th />
            {values.map((v) => (
              <th key={v} className="mono">
                {v}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {values.map((v, i) => (
            <tr key={v}>
              <th className="mono">{v}</th>
              {counts[i]!.map((n, j) => (
                <td key={j} className={i === j ? 'diagonal' : n > 0 ? 'off' : undefined}>
                  {n || ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * Agreement under one schema (docs/definitions.md): Cohen's kappa for two annotators with its
 * confusion matrix, Krippendorff's alpha for more, with the number of items; and per category.
 */
export function AgreementView({ schema }: { schema: LabelSchema }) {
  const detail = useOperation('labels.agreementDetail', { schema: schema.name }, { tables: ['labels'], onError: reportError }).data;

  if (!detail) return <LoadingState label="Computing agreement…" />;
  const { overall, perCategory, basis } = detail;
  const coefficient = overall.method === 'kappa' ? overall.kappa : overall.alpha;
  const name = overall.method === 'kappa' ? "Cohen's kappa" : "Krippendorff's alpha (nominal)";
  return (
    <div className="agreement-view" data-testid="agreement-view" role="region" aria-label="Agreement" tabIndex={0}>
      <section
        className="agreement-card"
        data-testid="agreement-overall"
        data-method={overall.method}
        data-items={overall.items}
        data-coefficient={coefficient ?? ''}
      >
        <div className="agreement-figure">
          <span className="agreement-value">{fixed(coefficient)}</span>
          <span className="muted">{name}</span>
        </div>
        {overall.undefinedBecause && (
          <p className="agreement-undefined" data-testid="agreement-undefined">
            {name} is {overall.undefinedBecause}.
          </p>
        )}
        <dl className="agreement-facts">
          <dt>Items</dt>
          <dd data-testid="agreement-items">{overall.items}</dd>
          <dt>Annotators</dt>
          <dd data-testid="agreement-annotators">{overall.annotators.join(', ') || '—'}</dd>
          <dt>Observed agreement</dt>
          <dd>{fixed(overall.observed)}</dd>
          <dt>Chance agreement</dt>
          <dd>{fixed(overall.expected)}</dd>
        </dl>
        <p className="muted">
          {overall.method === 'kappa'
            ? 'On the items both annotators labelled, each with their current label.'
            : 'On items with at least two annotators, each with their current label; missing labels allowed.'}{' '}
          Adjudications and retracted labels do not count.
        </p>
      </section>
      {overall.method === 'kappa' && overall.confusion.values.length > 0 && <ConfusionMatrix report={overall} />}
      <section>
        <h2>{basis === 'one_vs_rest' ? 'Per category (each against the rest)' : 'Per rubric category'}</h2>
        <table className="plain-table per-category" data-testid="agreement-per-category">
          <thead>
            <tr>
              <th>Category</th>
              <th className="numeric">Items</th>
              <th className="numeric">{overall.method === 'kappa' ? 'kappa' : 'alpha'}</th>
              <th className="bar-cell" />
            </tr>
          </thead>
          <tbody>
            {perCategory.map((c) => (
              <tr key={c.category} data-testid="category-agreement" data-category={c.category}>
                <td>
                  <span className="category-code">{c.category}</span> {c.name}
                </td>
                <td className="numeric">{c.items}</td>
                <td className="numeric">
                  {c.coefficient === null ? (
                    <span className="muted" data-testid="category-undefined">
                      {c.undefinedBecause?.startsWith('no items') ? 'no items' : 'undefined'}
                    </span>
                  ) : (
                    c.coefficient.toFixed(3)
                  )}
                </td>
                <td className="bar-cell">
                  {c.coefficient !== null ? (
                    <span className={c.coefficient < 0 ? 'agreement-bar negative' : 'agreement-bar'} style={{ width: `${Math.abs(c.coefficient) * 100}%` }} />
                  ) : (
                    <span className="muted">{c.undefinedBecause}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
