/** What other areas use of video: the one door into it (docs/architecture.md). */
import type { AppContext } from '../../platform/app-context.ts';
import type { Feature } from '../../platform/feature.ts';
import { agentOf } from './gb28181/registry.ts';
import { reconcileGbAgent } from './gb28181/supervisor.ts';
import { videoRules } from './rules.ts';
import { videoVerbs } from './verbs.ts';

/** The video feature for app.ts: video: verbs and write rules. */
export const videoFeature: Feature = {
  name: 'video',
  registrations: [...videoVerbs, ...videoRules],
};

/** The port of the GB28181 SIP agent when it runs in this server, else null (the services page). */
export const gbAgentPort = (app: AppContext): number | null => agentOf(app)?.port ?? null;

/** The services page saved gb28181's settings: the running agent follows them now. */
export { reconcileGbAgent };
