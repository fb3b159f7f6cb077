/** What other areas use of services: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { serviceActions } from './actions.ts';

export { installedProgram, systemdRunning } from './probe.ts';
export type { ProgramKey } from './units.ts';
export { defaultUnit, SERVICE_PROGRAMS } from './units.ts';

/** The services feature for app.ts: the system services. */
export const servicesFeature: Feature = {
  name: 'services',
  actions: serviceActions,
};
