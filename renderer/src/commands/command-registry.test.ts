import { describe, expect, it } from 'vitest';
import type { Command } from './command';
import { currentCommands, registerCommands } from './command-registry';

const command = (id: string): Command => ({ id, title: id, group: 'Test', run: () => undefined });

describe('the command registry', () => {
  it('lists the latest source first and forgets a source once it unregisters', () => {
    let screen = [command('screen')];
    const dropScreen = registerCommands(() => screen);
    const dropPanel = registerCommands(() => [command('panel')]);
    expect(currentCommands().map((c) => c.id)).toEqual(['panel', 'screen']);
    screen = [command('screen-rerendered')];
    expect(currentCommands().map((c) => c.id)).toEqual(['panel', 'screen-rerendered']);
    dropPanel();
    expect(currentCommands().map((c) => c.id)).toEqual(['screen-rerendered']);
    dropScreen();
    dropScreen();
    expect(currentCommands()).toEqual([]);
  });
});
