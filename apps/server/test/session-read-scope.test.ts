import { Paths } from '@igs/contract';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Session-level reads show only what the caller's menus and sites allow (issue 12 item 7): the
 * hint badges, the cascading pickers (index/form_linkage) and the home with its exports. An
 * operations account sees its own sites' figures, never gateway-wide accounts, sessions, the
 * operation log or failed sign-ins.
 */
const SYSTEM_CARDS = ['accounts', 'active_sessions', 'operations_today', 'failed_logins_today'];

interface Card {
  key: string;
  value: number;
}

describeEachDb('scope of session-level reads', (kind) => {
  let s: TestServer;
  let admin: string;
  let shopOps: string; // operations: home + mall orders, site 1 only
  let plainOps: string; // operations: home only, site 1 only
  let viewer: string; // full mode: the dashboard only

  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    // biome-ignore lint/suspicious/noExplicitAny: resource tables are created from the contract at start
    await (s.app.db.kysely as any).insertInto(table).values(rows).execute();
  };

  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    const now = Date.now();
    await insert('shop_order', [
      { site_id: 1, state: 'pending', created_at: now, updated_at: now },
      { site_id: 2, state: 'pending', created_at: now, updated_at: now },
      { site_id: 2, state: 'pending', created_at: now, updated_at: now },
    ]);
    await insert('smart_app_menu', [
      { site_id: 1, name: 'Site one menu', parent_id: null, sort: 1, created_at: now, updated_at: now },
      { site_id: 2, name: 'Site two menu', parent_id: null, sort: 1, created_at: now, updated_at: now },
    ]);
    const shopRole = await addRole(s, admin, {
      name: 'ops_shop',
      mode: 'operations',
      menus: ['OperationsHome', 'OperationsMall', 'OperationsAppMenu'],
      buttons: ['bulletin_board:export'],
      site_ids: [1],
    });
    const plainRole = await addRole(s, admin, {
      name: 'ops_plain',
      mode: 'operations',
      menus: ['OperationsHome'],
      buttons: ['bulletin_board:export'],
      site_ids: [1],
    });
    const viewerRole = await addRole(s, admin, { name: 'dash_only', mode: 'full', menus: ['Dashboard'] });
    await addAccount(s, admin, { username: 'shop_ops', role_id: shopRole, is_operations: 1, all_sites: 1 });
    await addAccount(s, admin, { username: 'plain_ops', role_id: plainRole, is_operations: 1, all_sites: 1 });
    await addAccount(s, admin, { username: 'viewer1', role_id: viewerRole });
    shopOps = await s.login('shop_ops', PASSWORD, 1);
    plainOps = await s.login('plain_ops', PASSWORD, 1);
    viewer = await s.login('viewer1', PASSWORD, 0);
  });
  afterAll(async () => s.close());

  const hint = async (token: string, sites?: string) =>
    (
      await s.call<{ tip: number; order: number }>(
        Paths.hint,
        {},
        { token, headers: sites ? { 'igs-sids': sites } : {} },
      )
    ).data;

  it('index/hint counts only the pages the role holds, of its sites', async () => {
    expect(await hint(admin)).toMatchObject({ order: 3 });
    // Site 1 only, whatever the header asks (site 2 is refused outright).
    expect(await hint(shopOps)).toEqual({ tip: 0, order: 1 });
    expect(await hint(shopOps, '1')).toEqual({ tip: 0, order: 1 });
    expect((await s.call(Paths.hint, {}, { token: shopOps, headers: { 'igs-sids': '2' } })).code).toBe(403);
    // No mall page: no order count, in either mode.
    expect(await hint(plainOps)).toEqual({ tip: 0, order: 0 });
    expect(await hint(viewer)).toEqual({ tip: 0, order: 0 });
  });

  it('the home and the operations home show no gateway-wide cards to an operations account', async () => {
    const full = await s.call<{ cards: Card[] }>(Paths.home, {}, { token: admin });
    expect(full.data.cards.map((c) => c.key)).toEqual(
      expect.arrayContaining([...SYSTEM_CARDS, 'pending_orders']),
    );
    const ops = await s.call<{ sites: { site_id: number | null; cards: Card[] }[] }>(
      Paths.operationsHome,
      {},
      { token: shopOps },
    );
    expect(ops.code, ops.msg).toBe(200);
    expect(ops.data.sites.map((x) => x.site_id)).toEqual([1]);
    const keys = ops.data.sites[0]!.cards.map((c) => c.key);
    for (const k of SYSTEM_CARDS) expect(keys).not.toContain(k);
    expect(ops.data.sites[0]!.cards.find((c) => c.key === 'pending_orders')?.value).toBe(1);
    const plain = await s.call<{ sites: { cards: Card[] }[] }>(Paths.operationsHome, {}, { token: plainOps });
    expect(plain.data.sites[0]!.cards.map((c) => c.key)).not.toContain('pending_orders');
    // A full-mode role with the dashboard only: the host status, and no record counts.
    const dash = await s.call<{ cards: Card[]; system: unknown }>(Paths.home, {}, { token: viewer });
    expect(dash.code).toBe(200);
    expect(dash.data.cards).toEqual([]);
    expect(dash.data.system).toBeTruthy();
  });

  it('the operations home export holds only the caller’s cards of its sites', async () => {
    const exp = await s.call<{ url: string }>(Paths.operationsExport, {}, { token: shopOps });
    expect(exp.code, exp.msg).toBe(200);
    const res = await fetch(s.url + exp.data.url, { headers: { IGSAuth: shopOps } });
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const cards = strFromU8(files['cards.csv']!);
    for (const k of SYSTEM_CARDS) expect(cards).not.toContain(k);
    expect(cards).toMatch(/pending_orders,1\b/);
    // The top bar's export (festival/index) in operations mode: the same scope.
    const top = await s.call<{ url: string }>(
      Paths.festival,
      { method: 'export', value: 'all' },
      { token: plainOps },
    );
    expect(top.code, top.msg).toBe(200);
    const topFiles = unzipSync(new Uint8Array(await (await fetch(s.url + top.data.url)).arrayBuffer()));
    const topCards = strFromU8(topFiles['cards.csv']!);
    for (const k of [...SYSTEM_CARDS, 'pending_orders']) expect(topCards).not.toContain(k);
  });

  it('index/form_linkage answers only a role that uses the type, with its sites’ records', async () => {
    const ops = await s.call<{ label: string }[]>(
      '/operations/index/form_linkage',
      { type: 'app_menu' },
      { token: shopOps },
    );
    expect(ops.code, ops.msg).toBe(200);
    expect(ops.data.map((n) => n.label)).toEqual(['Site one menu']);
    const refused = await s.call('/operations/index/form_linkage', { type: 'app_menu' }, { token: plainOps });
    expect(refused.code).toBe(403);
    // The refusal names the records by their words.
    expect(refused.msg).toContain('app menu');
    // Full mode: the dashboard-only role has no page with areas, film classes or app menus.
    for (const type of ['area', 'film_class', 'app_menu']) {
      const r = await s.call('/admin.php/index/form_linkage', { type }, { token: viewer });
      expect(r.code, type).toBe(403);
    }
    // Full mode reads the gateway's own records (site 0), here none.
    const all = await s.call<{ label: string }[]>(
      '/admin.php/index/form_linkage',
      { type: 'app_menu' },
      { token: admin },
    );
    expect(all.code, all.msg).toBe(200);
    expect(all.data).toEqual([]);
    // Film classes are picked from the films page, which the operations home lists.
    expect(
      (await s.call('/operations/index/form_linkage', { type: 'film_class' }, { token: plainOps })).code,
    ).toBe(200);
  });
});
