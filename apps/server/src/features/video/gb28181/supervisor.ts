import type { AppContext } from '../../../platform/app-context.ts';
import { loadConfig } from '../../../platform/settings/service-config.ts';
import { type GbAgent, type GbAgentOptions, startGbAgent } from './agent.ts';
import { agentOf } from './registry.ts';

/**
 * Keeps the GB28181 SIP agent in step with system/ServiceConfig: started when the service is
 * enabled, stopped when it is disabled, moved when its port changes. It reconciles when the
 * services page saves (reconcileGbAgent) and on a timer, so a change that reaches the database
 * another way (another instance's page, a restore, a hot-standby snapshot) takes effect too,
 * without a restart. A port that cannot be bound is logged and tried again at the next pass.
 */

export interface GbSupervisor {
  /** Brings the agent in line with the stored settings now; resolves when it is. */
  reconcile(): Promise<void>;
  /** Stops the timer and the agent. */
  close(): Promise<void>;
}

/** How often the stored settings are compared with the running agent. */
const EVERY_MS = 10_000;

const supervisors = new WeakMap<object, GbSupervisor>();

export function superviseGbAgent(
  app: AppContext,
  opts: Omit<GbAgentOptions, 'port'> & { everyMs?: number } = {},
): GbSupervisor {
  let pass: Promise<void> = Promise.resolve();
  let closed = false;
  /** The port last refused, so a busy port is said once, not every pass. */
  let refusedPort: number | null = null;

  async function once(): Promise<void> {
    if (closed) return;
    const cfg = (await loadConfig(app)).gb28181;
    const wanted = cfg.enabled ? Number(cfg.port ?? 15060) : null;
    const running: GbAgent | undefined = agentOf(app);
    if (running && running.port === wanted) return;
    if (running) {
      await running.close();
      app.log.info(
        `GB28181 SIP agent on port ${running.port} stopped (service ${wanted ? 'moved' : 'disabled'})`,
      );
    }
    if (wanted === null) return;
    try {
      const agent = await startGbAgent(app, { ...opts, port: wanted });
      refusedPort = null;
      app.log.info(`GB28181 SIP agent on port ${agent.port} (UDP and TCP)`);
    } catch (err) {
      if (refusedPort !== wanted)
        app.log.error({ err }, `GB28181 SIP agent not started: port ${wanted} could not be bound`);
      refusedPort = wanted;
    }
  }

  const supervisor: GbSupervisor = {
    reconcile() {
      // One pass at a time: a save and the timer never start two agents.
      pass = pass.then(once).catch((err: unknown) => app.log.error({ err }, 'GB28181 agent check failed'));
      return pass;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      supervisors.delete(app.config);
      await pass;
      await agentOf(app)?.close();
    },
  };
  const timer = setInterval(() => void supervisor.reconcile(), opts.everyMs ?? EVERY_MS);
  timer.unref();
  supervisors.set(app.config, supervisor);
  return supervisor;
}

/** After a save of the services page: the agent follows at once where a supervisor runs. */
export async function reconcileGbAgent(app: AppContext): Promise<void> {
  await supervisors.get(app.config)?.reconcile();
}
