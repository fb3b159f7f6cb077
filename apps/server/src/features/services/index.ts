/** What other areas use of services: the one door into it (docs/architecture.md). */
export { installedProgram, systemdRunning } from './probe.ts';
export type { ProgramKey } from './units.ts';
export { defaultUnit, SERVICE_PROGRAMS } from './units.ts';
