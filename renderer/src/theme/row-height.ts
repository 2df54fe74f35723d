/**
 * The heights of a virtualised list's rows in each density. A virtualiser places rows by this
 * number, so the CSS must draw them at the same height: `useThemeSetting` hands the table's to
 * the stylesheets as `--table-row-height`, and the lists set the others inline.
 */
import type { DensityChoice } from '../../../common/theme';
import { useSettingsStore } from '../app-state/settings-store';

const rowHeights: Record<DensityChoice, { table: number; queue: number }> = {
  comfortable: { table: 32, queue: 30 },
  compact: { table: 26, queue: 24 },
};

export type RowKind = keyof (typeof rowHeights)['comfortable'];

/** A row's height in a density (comfortable until the settings are known). */
export function rowHeightIn(density: DensityChoice | undefined, kind: RowKind): number {
  return rowHeights[density ?? 'comfortable'][kind];
}

/** A row's height in this person's density; a list re-measures when it changes. */
export function useRowHeight(kind: RowKind): number {
  return rowHeightIn(
    useSettingsStore((s) => s.settings?.density),
    kind,
  );
}
