/** The xterm chunk: the widget and its stylesheet, loaded only when a terminal is first shown. */
import '@xterm/xterm/css/xterm.css';

export { Terminal } from '@xterm/xterm';
