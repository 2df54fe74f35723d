import { useEffect, useState } from 'react';
import { screens } from '../components/nav-bar';
import { available, type Command } from './command';
import { CommandPalette } from './command-palette';
import { currentCommands } from './command-registry';
import { commandForKey } from './dispatch-key';
import { KeyOverlay } from './key-overlay';
import { onMac } from './key-spec';
import { useCommands } from './use-commands';

type Open = { what: 'palette' | 'keys'; commands: Command[] } | null;

/**
 * Runs every screen's keys from the command registry, and shows the palette (Ctrl/Cmd+K) and
 * the current screen's keys (`?`). Mounted once, beside the screens.
 */
export function CommandLayer() {
  const [open, setOpen] = useState<Open>(null);
  // A command chosen in the palette runs after the palette has closed and handed focus back,
  // so a command that moves focus keeps it.
  const [chosen, setChosen] = useState<Command | null>(null);
  const mac = onMac();

  useCommands([
    {
      id: 'app.palette',
      group: 'Everywhere',
      title: 'Find and run a command',
      keys: ['Mod+k'],
      run: () => setOpen({ what: 'palette', commands: currentCommands().filter(available) }),
    },
    { id: 'app.keys', group: 'Everywhere', title: "Show this screen's keys", keys: ['?'], run: () => setOpen({ what: 'keys', commands: currentCommands() }) },
    ...screens.map(({ label, href }) => ({
      id: `app.go.${label.toLowerCase()}`,
      group: 'Everywhere',
      title: `Go to ${label}`,
      run: () => {
        location.hash = href;
      },
    })),
  ]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = commandForKey(event, currentCommands(), mac);
      if (!command) return;
      event.preventDefault();
      command.run();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mac]);

  // Back, forward or a link moves to another screen: the palette and the key list belong to the
  // screen they were opened on, and keys typed afterwards must reach the new screen.
  useEffect(() => {
    const close = () => setOpen(null);
    window.addEventListener('hashchange', close);
    window.addEventListener('popstate', close);
    return () => {
      window.removeEventListener('hashchange', close);
      window.removeEventListener('popstate', close);
    };
  }, []);

  useEffect(() => {
    if (!chosen) return;
    setChosen(null);
    chosen.run();
  }, [chosen]);

  if (open?.what === 'palette')
    return (
      <CommandPalette
        commands={open.commands}
        mac={mac}
        onClose={() => setOpen(null)}
        onRun={(command) => {
          setOpen(null);
          setChosen(command);
        }}
      />
    );
  if (open?.what === 'keys') return <KeyOverlay commands={open.commands} mac={mac} onClose={() => setOpen(null)} />;
  return null;
}
