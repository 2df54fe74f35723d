import type { RolloutDetail } from '../../../common/corpus/corpus-types';
import type { ProgramSide } from '../router/compare-route';
import { pathsOf, versionsOf } from './default-sides';
import { RolloutInput } from './rollout-input';

/** Props of one side's pickers. */
export interface SidePickerProps {
  which: 'a' | 'b';
  side: ProgramSide;
  /** The side's rollout once loaded; the path and version lists come from it. */
  detail: RolloutDetail | null;
  onRollout(id: string): void;
  onChange(side: ProgramSide): void;
}

/** Rollout, program path and version of one side of the comparison. */
export function SidePicker({ which, side, detail, onRollout, onChange }: SidePickerProps) {
  const programs = detail?.programs ?? [];
  const paths = pathsOf(programs);
  const versions = versionsOf(programs, side.path);
  const linesOf = (version: number) => programs.find((p) => p.path === side.path && p.version === version)?.lines;
  return (
    <div className="compare-pickers">
      <RolloutInput value={side.rollout} label="Rollout" testId={`compare-rollout-${which}`} onCommit={onRollout} />
      <label className="compare-field">
        <span className="facet-label">Program</span>
        <select
          data-testid={`compare-path-${which}`}
          value={side.path}
          disabled={detail === null}
          onChange={(e) => {
            const path = e.target.value;
            const last = versionsOf(programs, path).pop();
            if (last !== undefined) onChange({ ...side, path, version: last });
          }}
        >
          {!paths.includes(side.path) && <option value={side.path}>{side.path}</option>}
          {paths.map((path) => {
            const count = versionsOf(programs, path).length;
            return (
              <option key={path} value={path}>
                {path} ({count} {count === 1 ? 'version' : 'versions'})
              </option>
            );
          })}
        </select>
      </label>
      <label className="compare-field">
        <span className="facet-label">Version</span>
        <select
          data-testid={`compare-version-${which}`}
          value={side.version}
          disabled={detail === null}
          onChange={(e) => onChange({ ...side, version: Number(e.target.value) })}
        >
          {!versions.includes(side.version) && <option value={side.version}>v{side.version}</option>}
          {versions.map((version) => (
            <option key={version} value={version}>
              v{version} · {linesOf(version)} lines
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
