/** Electron IPC channel names, shared by main and preload so they cannot drift apart. */
export const callChannel = 'workbench:call';
export const eventChannel = 'workbench:event';
