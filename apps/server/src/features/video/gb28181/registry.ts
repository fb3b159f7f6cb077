import type { AppContext } from '../../../platform/app-context.ts';
import type { GbAgent } from './agent.ts';

/** The running agent of a server (one per AppContext): the verbs find it here. */
const agents = new WeakMap<AppContext, GbAgent>();

export const agentOf = (app: AppContext): GbAgent | undefined => agents.get(app);
export const setAgent = (app: AppContext, agent: GbAgent | undefined) =>
  agent ? agents.set(app, agent) : agents.delete(app);
