import type { AppContext } from '../../platform/app-context.ts';
import type { Service } from '../../platform/feature.ts';
import { abortPushes, behind, dueForRetry, pushNow } from './sync-push.ts';
import { mendOwnSettings } from './sync-receive.ts';
import { pushes, syncSettings } from './sync-settings.ts';
import { configVersion } from './sync-state.ts';

/**
 * When to push (a service of the feature): the master looks at the newest configuration change
 * (sync-state.ts `configVersion`, the operation log, which sees every successful mutating call of
 * every instance on the database) every few seconds, and pushes once no further change has come
 * for the debounce time: a burst of edits makes one push. The timer is this instance's; what was
 * pushed is in the database, so an instance started later, or another one, picks up from there.
 * A push that failed for a passing reason (the peer down or busy) is tried again every
 * IGS_HS_SYNC_RETRY_AFTER_MS (60 s) while the peer is behind, with no change or Sync now needed.
 */

function ms(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

export function startSyncWatch(app: AppContext): Service {
  const pollMs = ms('IGS_HS_SYNC_POLL_MS', 2_000);
  const debounceMs = ms('IGS_HS_SYNC_DEBOUNCE_MS', 10_000);
  const retryAfterMs = ms('IGS_HS_SYNC_RETRY_AFTER_MS', 60_000);
  const stop = new AbortController();
  let lastSeen = -1;
  let debounce: NodeJS.Timeout | null = null;
  let pushing: Promise<unknown> | null = null;
  let ticking = false;

  const push = () => {
    debounce = null;
    if (stop.signal.aborted) return;
    // A push under way holds an older snapshot: this one follows it.
    if (pushing) {
      debounce = setTimeout(push, debounceMs);
      return;
    }
    pushing = pushNow(app, { signal: stop.signal })
      .catch((e) => app.log.error({ err: e }, 'hot standby: configuration push failed'))
      .finally(() => {
        pushing = null;
      });
  };

  const tick = async () => {
    if (ticking) return;
    ticking = true;
    try {
      const s = await syncSettings(app);
      if (!pushes(s)) {
        lastSeen = -1;
        return;
      }
      const { version } = await configVersion(app);
      // On start, or when sync was just turned on: push if the peer is behind what was last pushed.
      const fresh = lastSeen < 0 ? await behind(app) : version > lastSeen;
      lastSeen = version;
      if (!fresh) {
        if (!debounce && !pushing && (await dueForRetry(app, retryAfterMs))) push();
        return;
      }
      if (debounce) clearTimeout(debounce);
      debounce = setTimeout(push, debounceMs);
    } catch (e) {
      app.log.warn({ err: e }, 'hot standby: checking for configuration changes failed');
    } finally {
      ticking = false;
    }
  };

  // A crash between a snapshot's restore and putting this gateway's own settings back is mended first.
  const started = mendOwnSettings(app).catch((e) => app.log.error({ err: e }, 'hot standby: mending failed'));
  const timer = setInterval(() => void started.then(tick), pollMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (debounce) clearTimeout(debounce);
      stop.abort();
      // A push set off by a sync_now call ends too: closing waits for no peer.
      abortPushes(app);
      await pushing;
    },
  };
}
