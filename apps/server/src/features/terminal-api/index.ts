/** What other areas use of terminal-api: the one door into it (docs/architecture.md). */
export { TERMINAL_API } from './actions.ts';
export { HEARTBEAT_S, terminalFigures } from './presence.ts';
export { TABLES } from './records.ts';
export { clientIp } from './register.ts';
