import type { AppContext } from '../../platform/app-context.ts';
import { handleFiasRecord, type Interface, logEvent, type SyncState } from './events.ts';
import { type FiasLink, type LinkState, startFiasLink } from './fias-client.ts';
import { fiasStamp } from './fias-frame.ts';

/**
 * The FIAS links of this server: one client per enabled `fias` record of system/outreach, started
 * with the server, brought in line whenever a record is added, changed or deleted (`reconcile`)
 * and stopped on close. Each link's state is written to the record's `link_state`; its records
 * are handled one after another, in the order the PMS sent them.
 *
 * Tunables (environment): IGS_FIAS_KEEPALIVE_MS (60000), IGS_FIAS_RETRY_MS (2000, doubled per
 * failed attempt up to a minute).
 */

export const TABLE = 'system_pms_interface';

interface Running {
  link: FiasLink;
  iface: Interface;
  signature: string;
  /** Records and state writes of this link, in order. */
  queue: Promise<void>;
  sync: SyncState;
}

export interface OutreachLinks {
  reconcile(): Promise<void>;
  state(id: number): LinkState | null;
  send(id: number, type: string, fields?: [string, string][]): boolean;
  stop(): Promise<void>;
}

const managers = new WeakMap<AppContext, OutreachLinks>();

export function outreachLinks(app: AppContext): OutreachLinks | undefined {
  return managers.get(app);
}

function parseList(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  try {
    const parsed = JSON.parse(String(v ?? '[]'));
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

export function interfaceOf(row: Record<string, unknown>): Interface {
  return {
    id: Number(row.id),
    site_id: Number(row.site_id ?? 0),
    name: String(row.name ?? ''),
    type: row.type === 'his_http' ? 'his_http' : 'fias',
    // A record stored before the defaults existed counts as "all actions" (DOMAIN's default).
    on_checkin:
      row.on_checkin == null ? ['greet', 'enable_calls', 'grant_package'] : parseList(row.on_checkin),
    on_checkout:
      row.on_checkout == null
        ? ['restrict_calls', 'cancel_wakeups', 'clear_messages', 'end_package']
        : parseList(row.on_checkout),
  };
}

function envMs(name: string, fallback: number): number {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n > 0 ? n : fallback;
}

export function startOutreachLinks(app: AppContext): { stop(): Promise<void> } {
  const db = app.db.kysely;
  const running = new Map<number, Running>();
  let stopped = false;
  let reconciling: Promise<void> = Promise.resolve();

  const writeState = async (id: number, state: LinkState) => {
    await db.updateTable(TABLE).set({ link_state: state }).where('id', '=', id).execute();
  };

  const enqueue = (r: Running, job: () => Promise<void>) => {
    r.queue = r.queue
      .then(job)
      .catch((e: Error) => app.log.error({ err: e, interface: r.iface.id }, 'FIAS event failed'));
  };

  const start = (iface: Interface, host: string, port: number, signature: string) => {
    const r = { iface, signature, queue: Promise.resolve(), sync: { startedAt: null } } as unknown as Running;
    r.link = startFiasLink({
      host,
      port,
      keepaliveMs: envMs('IGS_FIAS_KEEPALIVE_MS', 60_000),
      retryMs: envMs('IGS_FIAS_RETRY_MS', 2000),
      now: Date.now,
      onState: (state, why) => {
        app.log.info({ interface: iface.id, state, why }, 'FIAS link state');
        enqueue(r, () => writeState(iface.id, state));
      },
      onRecord: (rec) => enqueue(r, () => handleFiasRecord(app, r.iface, rec, r.sync)),
    });
    running.set(iface.id, r);
  };

  const stopOne = async (id: number) => {
    const r = running.get(id);
    if (!r) return;
    running.delete(id);
    await r.link.stop();
    await r.queue;
  };

  const doReconcile = async () => {
    if (stopped) return;
    const rows = (await db.selectFrom(TABLE).selectAll().execute()) as Record<string, unknown>[];
    const wanted = new Map<number, { iface: Interface; host: string; port: number; signature: string }>();
    for (const row of rows) {
      const iface = interfaceOf(row);
      const host = String(row.host ?? '');
      const port = Number(row.port ?? 0);
      if (iface.type !== 'fias' || Number(row.enabled) !== 1 || !host || !(port > 0)) continue;
      wanted.set(iface.id, { iface, host, port, signature: `${host}:${port}` });
    }
    for (const id of [...running.keys()]) {
      const w = wanted.get(id);
      if (!w || w.signature !== running.get(id)!.signature) await stopOne(id);
    }
    for (const [id, w] of wanted) {
      const r = running.get(id);
      if (r)
        r.iface = w.iface; // actions and name follow edits without a reconnect
      else if (!stopped) start(w.iface, w.host, w.port, w.signature);
    }
    // Records without a link (disabled, HIS, incomplete) are down; a live link writes its own state.
    for (const row of rows) {
      const id = Number(row.id);
      const shouldBe = running.has(id) ? null : row.type === 'fias' ? 'down' : null;
      if (!running.has(id) && row.link_state !== shouldBe)
        await db.updateTable(TABLE).set({ link_state: shouldBe }).where('id', '=', id).execute();
    }
  };

  const manager: OutreachLinks = {
    reconcile() {
      reconciling = reconciling
        .then(doReconcile)
        .catch((e: Error) => app.log.error({ err: e }, 'FIAS links not reconciled'));
      return reconciling;
    },
    state: (id) => running.get(id)?.link.state() ?? null,
    send(id, type, fields = []) {
      const r = running.get(id);
      return r ? r.link.send(type, [...fields, ...fiasStamp(Date.now())]) : false;
    },
    async stop() {
      stopped = true;
      await reconciling;
      const ids = [...running.keys()];
      await Promise.all(ids.map((id) => stopOne(id)));
      if (ids.length)
        await db
          .updateTable(TABLE)
          .set({ link_state: 'down' })
          .where('id', 'in', ids)
          .execute()
          .catch(() => {});
      managers.delete(app);
    },
  };
  managers.set(app, manager);
  void manager.reconcile();
  return { stop: () => manager.stop() };
}

/** The `resync` verb: asks the PMS for its whole database again (FIAS DR). */
export async function requestResync(app: AppContext, iface: Interface): Promise<boolean> {
  const links = outreachLinks(app);
  const sent = links?.send(iface.id, 'DR') ?? false;
  await logEvent(
    app,
    iface,
    'DR',
    '',
    '',
    sent ? 'ok' : 'failed',
    sent ? 'database resync requested' : 'the link is down: no resync requested',
  );
  return sent;
}
