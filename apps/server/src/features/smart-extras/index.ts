/** What other areas use of smart-extras: the one door into it (docs/architecture.md). */
export { ackCommand, takeCommands } from './app-command.ts';
export { wifiQrText } from './scene-other.ts';
