/** The application menu: open a corpus, quit, the standard edit roles, reload and devtools. */
import { Menu, type MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  openCorpus(): void;
}

export function buildAppMenu(actions: MenuActions): Menu {
  const template: MenuItemConstructorOptions[] = [
    // macOS puts About, Hide and Quit under a menu named after the app.
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    {
      label: 'File',
      submenu: [{ label: 'Open Corpus…', accelerator: 'CmdOrCtrl+O', click: () => actions.openCorpus() }, { type: 'separator' }, { role: 'quit' }],
    },
    // The edit roles are what make copy, paste and select-all work in text fields and Monaco.
    { role: 'editMenu' },
    { label: 'View', submenu: [{ role: 'reload' }, { role: 'toggleDevTools' }] },
  ];
  return Menu.buildFromTemplate(template);
}
