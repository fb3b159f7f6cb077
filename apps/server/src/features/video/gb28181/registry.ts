import type { AppContext } from '../../../platform/app-context.ts';
import type { GbAgent } from './agent.ts';

/**
 * The running agent of a server: the verbs find it here. Keyed by the server's configuration
 * object, which every copy of its AppContext shares (a verb's context is a copy whose database is
 * the call's transaction), so one process may run several servers (tests) each with its agent.
 */
const agents = new WeakMap<object, GbAgent>();

export const agentOf = (app: AppContext): GbAgent | undefined => agents.get(app.config);
export const setAgent = (app: AppContext, agent: GbAgent | undefined) =>
  agent ? agents.set(app.config, agent) : agents.delete(app.config);
