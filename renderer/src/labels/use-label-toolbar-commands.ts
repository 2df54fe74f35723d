/**
 * The Labels toolbar's commands: its views, the schema, the item set and blind mode, each a
 * key (Shift+S, Shift+I, Shift+B cycle or toggle) and, per choice, a palette entry.
 */
import { nextInCycle } from '../commands/next-in-cycle';
import { useCommands } from '../commands/use-commands';
import type { Command } from '../commands/command';
import type { LabelSchema } from '../../../common/labels/label-schema';
import type { LabelsRoute } from '../router/label-route';
import type { TargetSetOption } from './target-set-options';

const group = 'Labels';

const views: [LabelsRoute['view'], string][] = [
  ['queue', 'Queue'],
  ['agreement', 'Agreement'],
  ['adjudicate', 'Adjudication'],
  ['audit', 'Run audit'],
];

export interface LabelToolbarState {
  route: LabelsRoute;
  schemas: readonly LabelSchema[];
  schema: string;
  options: readonly TargetSetOption[];
  /** The item set's option value, or null when the address names a set the toolbar does not list. */
  current: string | null;
  blind: boolean;
  go(change: Partial<LabelsRoute>): void;
  setBlind(blind: boolean): void;
  /** Told which schemas Shift+S stepped over on its way to `next`, so the toolbar can say so. */
  onSkipped(next: string, skipped: readonly LabelSchema[]): void;
}

/** A run-audit (scopes) schema is filled in per rollout, never worked through as a queue. */
export const queueable = (schema: LabelSchema) => schema.definition.value.kind !== 'scopes';

/** What Shift+S goes to from `schema`, and the schemas it steps over on the way because the view cannot show them. */
export function nextSchemaOf(schemas: readonly LabelSchema[], schema: string, view: LabelsRoute['view']): { next: string | null; skipped: LabelSchema[] } {
  const shown = view === 'queue' ? schemas.filter((s) => queueable(s) || s.name === schema) : schemas;
  const next = nextInCycle(
    shown.map((s) => s.name),
    schema,
  );
  if (next === null || view !== 'queue') return { next, skipped: [] };
  const names = schemas.map((s) => s.name);
  const skipped: LabelSchema[] = [];
  for (let i = (names.indexOf(schema) + 1) % names.length; names[i] !== next; i = (i + 1) % names.length) skipped.push(schemas[i]!);
  return { next, skipped };
}

export function useLabelToolbarCommands({ route, schemas, schema, options, current, blind, go, setBlind, onSkipped }: LabelToolbarState): void {
  const hasSchema = route.view !== 'audit';
  const hasItems = route.view === 'queue';
  const { next: nextSchema, skipped } = nextSchemaOf(schemas, schema, route.view);
  const nextSet = nextInCycle(
    options.map((o) => o.value),
    current,
  );
  const commands: Command[] = [
    {
      id: 'labels.next-schema',
      group,
      title: skipped.length > 0 ? `Next label schema (skips ${skipped.map((s) => s.definition.title).join(', ')}: not a queue)` : 'Next label schema',
      keys: ['S'],
      when: () => hasSchema && nextSchema !== null,
      run: () => {
        onSkipped(nextSchema!, skipped);
        go({ schema: nextSchema! });
      },
    },
    {
      id: 'labels.next-items',
      group,
      title: 'Next item set',
      keys: ['I'],
      when: () => hasItems && nextSet !== null,
      run: () => go({ targetSet: options.find((o) => o.value === nextSet)!.set }),
    },
    { id: 'labels.blind', group, title: blind ? 'Turn blind mode off' : 'Turn blind mode on', keys: ['B'], run: () => setBlind(!blind) },
    ...views
      .filter(([view]) => view !== route.view)
      .map(([view, text]): Command => ({ id: `labels.view.${view}`, group, title: `Show ${text}`, run: () => go({ view }) })),
    ...(hasSchema ? schemas : [])
      .filter((s) => s.name !== schema)
      .map((s): Command => ({
        id: `labels.schema.${s.name}`,
        group,
        title: `Schema: ${s.definition.title} (v${s.version})`,
        run: () => go({ schema: s.name }),
      })),
    ...(hasItems ? options : [])
      .filter((o) => o.value !== current)
      .map((o): Command => ({ id: `labels.items.${o.value}`, group, title: `Items: ${o.text}`, run: () => go({ targetSet: o.set }) })),
  ];
  useCommands(commands);
}
