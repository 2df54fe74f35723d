/** Electron IPC channel names, shared by main and preload so they cannot drift apart. */
export const callChannel = 'workbench:call';
export const eventChannel = 'workbench:event';
/** The preload tells main the path of a file the user picked or dropped (see main/chosen-paths.ts). */
export const chosenPathChannel = 'workbench:chosen-path';
