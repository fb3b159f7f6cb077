import fs from 'node:fs';
import path from 'node:path';
import { Cookies as CookieNames, flattenMenus, hashPassword, Paths } from '@igs/contract';
import {
  type FieldDef,
  type ResourceDef,
  resourceByName,
  resourceModules,
  resources,
  writableFields,
} from '@igs/contract/resources';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminApiToken } from '../support/accounts.ts';
import { ALL_MENUS, LEAVES, type Leaf, type Mode } from '../support/menu-leaves.ts';
import { refusedExtensionForm } from '../support/record-form.ts';
import {
  dependencyOrder,
  fieldsToFill,
  JSON_REFERENCES,
  SAMPLE_FILES,
  textValue,
} from '../support/record-values.ts';
import { fillLogin, STRONG_PASSWORD, shoot, switchMode } from '../support/shell.ts';

/*
 * Every page of both menu trees, generated from the contract: each leaf opens by URL and shows its
 * list or form without errors, and every record module that allows adding takes a new record
 * built from its field descriptions and then lists it. One browser context, one page, in order.
 */

/**
 * Menu components with neither a page file nor resources for the generic record page: hand-built
 * pages still to come. Each shows "module unavailable" for now. Shrink this list as the pages
 * land; a listed component that gets a page is then checked like any other (and the run says it
 * can leave the list). A component missing here that has no page fails its test.
 */
export const UNCOVERED_COMPONENTS: string[] = [];

/**
 * Resources whose list adds and edits on a page of its own instead of the drawer (the console's
 * page extras `editor`), with the spec that adds one there. The generic add journey leaves them.
 */
export const OWN_EDITORS: Record<string, string> = { 'index:scenario': 'tests/scenes.spec.ts' };

/**
 * Add journeys that fail for a reason outside the generic page, marked as expected failures so
 * the run stays green and says so when they start passing. Key: `<mode> <resource>`.
 */
export const KNOWN_ADD_PROBLEMS: Record<string, string> = {};

const PAGES_DIR = path.resolve(import.meta.dirname, '../../apps/console/src/pages');
const hasOwnPage = (component: string) => fs.existsSync(path.join(PAGES_DIR, `${component}.tsx`));

const MODULES = resourceModules(ALL_MENUS, resources);
/** Served by the generic record page: no page file of its own, resources on its endpoints. */
const isGeneric = (component: string) => !hasOwnPage(component) && MODULES.has(component);
const defsOf = (component: string): ResourceDef[] =>
  (MODULES.get(component)?.resources ?? []).map((name) => resourceByName(name)!);

/** The console's `?tab=` key of a resource (features/resource/resource-module-page.tsx). */
const tabKeyOf = (def: ResourceDef) => def.name.slice(def.name.lastIndexOf(':') + 1);

/** Operations writes must name one site; the console takes it from the `id` query (igs-sids). */
const OPERATIONS_SITE = '1';

function urlOf(leaf: Leaf, def?: ResourceDef): string {
  const query = new URLSearchParams();
  if (leaf.mode === 'operations') query.set('id', OPERATIONS_SITE);
  if (def && defsOf(leaf.component).length > 1) query.set('tab', tabKeyOf(def));
  const q = query.toString();
  return q ? `${leaf.url}?${q}` : leaf.url;
}

/** Button keys by menu component: a module allows adding a resource when it offers `<name>:add`. */
const BUTTONS = new Map<string, string[]>();
for (const item of flattenMenus(ALL_MENUS))
  BUTTONS.set(item.component, [...(BUTTONS.get(item.component) ?? []), ...(item.buttons ?? [])]);
const allowsAdd = (component: string, def: ResourceDef) =>
  !def.readonly && !OWN_EDITORS[def.name] && (BUTTONS.get(component) ?? []).includes(`${def.name}:add`);

/** One add journey per mode and addable resource, targets of required references first. */
const ADD_CASES = (['full', 'operations'] as const).flatMap((mode) =>
  dependencyOrder(resources).flatMap((def) => {
    const leaf = LEAVES.find(
      (l) =>
        l.mode === mode &&
        isGeneric(l.component) &&
        defsOf(l.component).includes(def) &&
        allowsAdd(l.component, def),
    );
    return leaf ? [{ mode, leaf, def }] : [];
  }),
);

const either = (t: { en: string; zh_CN: string }) =>
  new RegExp(`^(${[t.en, t.zh_CN].map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);

// ---------------------------------------------------------------------------------------------
// One signed-in page for the whole file.

let page: Page;
let mode: Mode = 'full';
const errors: string[] = [];
let serial = Math.floor(Date.now() / 1000) % 5000;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(api: APIRequestContext, path: string, data: object, token?: string) {
  const res = await api.post(path, { data, headers: token ? { IGSAuth: token } : {} });
  return (await res.json()) as Envelope<T>;
}

async function login(api: APIRequestContext, username: string, password: string) {
  return call<{ token: string }>(api, Paths.login, {
    username,
    password: hashPassword(password),
    code: 'abcd',
  });
}

/**
 * This file signs in with an account of its own, so it never touches admin's password, which the
 * journeys spec changes from the weak default in its first test: either spec may run first. admin
 * (its default password, which answers nothing but its change, is changed first if still due)
 * creates an account with the built-in admin role, and that account sets a strong password of its
 * own so no forced-change dialog covers the pages. Without the account calls (an older server)
 * it falls back to admin itself, making the journeys' change if it is still due.
 */
async function ownAccount(api: APIRequestContext): Promise<{ username: string; password: string }> {
  // admin's default password answers nothing but its change: adminApiToken changes it if due.
  const token = await adminApiToken(api);

  const ACCOUNTS = '/admin.php/system/administrator';
  const roles = await call<{ value: number; label: string }[]>(
    api,
    ACCOUNTS,
    { method: 'role_options' },
    token,
  );
  const role = roles.code === 200 ? roles.data.find((r) => r.label === 'admin') : undefined;
  if (role) {
    const username = `e2e_modules_${Date.now().toString(36)}`;
    const first = 'E2e-First-Pass1';
    const added = await call(
      api,
      ACCOUNTS,
      {
        method: 'add',
        username,
        password: hashPassword(first),
        role_id: role.value,
        is_operations: 1,
        // Every site, as admin has: an account with no sites reaches none in operations mode.
        all_sites: 1,
      },
      token,
    );
    expect(added.code, added.msg).toBe(200);
    const own = await login(api, username, first);
    expect(own.code, own.msg).toBe(200);
    const changed = await call(
      api,
      Paths.personal,
      { method: 'change_password', password: hashPassword(first), new_password: STRONG_PASSWORD },
      own.data.token,
    );
    expect(changed.code, changed.msg).toBe(200);
    return { username, password: STRONG_PASSWORD };
  }
  console.log('no account calls on this server: signing in as admin');
  return { username: 'admin', password: STRONG_PASSWORD };
}

test.beforeAll(async ({ browser }, info) => {
  const { baseURL, locale } = info.project.use;
  const context = await browser.newContext({ baseURL, locale });
  // Actions fail after 15 s with their own message, not at the test's time-out.
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  const account = await ownAccount(context.request);
  await page.goto('/login');
  await fillLogin(page, account.username, account.password);
  await expect(page).toHaveURL(/\/dashboard/);
  mode = 'full';
});

test.afterAll(async () => {
  await page?.context().close();
});

test.beforeEach(() => {
  errors.length = 0;
});

/** Switches the session's mode from the user menu, as an operator does. */
async function ensureMode(target: Mode) {
  if (mode === target) return;
  await open(mode === 'full' ? '/dashboard' : '/operations'); // no drawer or popup left over
  await switchMode(page, target);
  mode = target;
}

async function open(url: string) {
  await page.goto(url);
  await expect(page.locator('.app-content')).toBeVisible({ timeout: 20_000 });
}

/** "Module unavailable" or the error boundary: what a broken page shows instead of itself. */
function failurePage(): Locator {
  return page.locator('.root-error, .ant-result-warning, .ant-result-error');
}

/** The visible record page (several are mounted once a second tab has been opened). */
const recordPage = () => page.locator('.resource-page:visible');

/** Opens a record page and waits for its first list reply, so totals and pictures are of loaded data. */
async function openList(url: string) {
  const listed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /"method":"list"/.test(r.request().postData() ?? ''),
  );
  await open(url);
  await listed;
  await listSettled(recordPage());
}

async function listSettled(rp: Locator) {
  // The record list itself: a module's own footer may hold tables of its own.
  await expect(rp.locator('.resource-table .ant-table')).toBeVisible({ timeout: 20_000 });
  await expect(rp.locator('.resource-table .ant-spin-spinning')).toHaveCount(0, { timeout: 20_000 });
}

async function totalOf(rp: Locator): Promise<number> {
  const text = await rp
    .locator('.resource-table .ant-pagination-total-text')
    .textContent({ timeout: 1000 })
    .catch(() => null);
  return Number(text?.match(/\d+/)?.[0] ?? 0);
}

// ---------------------------------------------------------------------------------------------

test('UNCOVERED_COMPONENTS names only menu pages the generic record page cannot serve', () => {
  const components = new Set(LEAVES.map((l) => l.component));
  for (const c of UNCOVERED_COMPONENTS) {
    expect(components.has(c), `${c} is no menu page`).toBe(true);
    expect(MODULES.has(c), `${c} is served by the generic page: remove it from the list`).toBe(false);
  }
});

function openTest(leaf: Leaf) {
  test(`${leaf.mode} ${leaf.component} (${leaf.url}) opens`, async () => {
    await ensureMode(leaf.mode);
    if (!hasOwnPage(leaf.component) && !MODULES.has(leaf.component)) {
      expect(
        UNCOVERED_COMPONENTS,
        `${leaf.component} has no page file and the generic record page does not cover it`,
      ).toContain(leaf.component);
      await open(urlOf(leaf));
      await expect(page.locator('.ant-result-warning')).toContainText(leaf.component);
      test.info().annotations.push({ type: 'uncovered', description: leaf.component });
      return;
    }
    if (UNCOVERED_COMPONENTS.includes(leaf.component))
      console.log(`${leaf.component} has a page now: remove it from UNCOVERED_COMPONENTS`);

    if (isGeneric(leaf.component)) {
      const defs = defsOf(leaf.component);
      for (const def of defs) {
        await openList(urlOf(leaf, def));
        // A tab's label names its resource; a page of one resource shows the title itself.
        if (defs.length > 1)
          await expect(page.locator('.resource-module-tabs .ant-tabs-tab-active')).toHaveText(
            either(def.title),
          );
        else await expect(recordPage().locator('.resource-title')).toHaveText(either(def.title));
      }
    } else {
      await open(urlOf(leaf));
      await expect(
        page.locator('.app-content').locator('table, form, .ant-card, .dashboard').first(),
      ).toBeVisible({ timeout: 20_000 });
    }
    await expect(failurePage()).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

/** Opens the select of a field and takes its first option; false when it has none. */
async function pickFirst(item: Locator, drawer: Locator, name: string): Promise<boolean> {
  const select = item.locator('.ant-select').first();
  // The dropdown of this select: the one holding its listbox (`<id>_list`); earlier dropdowns
  // stay in the page, closed.
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${name}_list"]`) });
  for (let attempt = 0; attempt < 3; attempt++) {
    // Options read from another list (a ref field's records) arrive after the control: let them.
    await expect(select.locator('.anticon-loading')).toHaveCount(0, { timeout: 15_000 });
    await select.click();
    const option = dropdown.locator('.ant-select-item-option').first();
    await expect(option.or(dropdown.locator('.ant-empty, .ant-select-item-empty')).first()).toBeVisible();
    if (await option.count()) {
      await option.click();
      // A multiple select stays open: close it by clicking outside (Escape would close the drawer).
      await drawer.locator('.ant-drawer-title').click();
      // The click can miss (the list re-drawn as its options arrived: a fresh-clone run saved a
      // wake-up call without its room): taken only when the field shows a value.
      const taken = await expect(select.locator('.ant-select-placeholder'))
        .toHaveCount(0, { timeout: 2000 })
        .then(
          () => true,
          () => false,
        );
      if (taken) return true;
      continue;
    }
    await drawer.locator('.ant-drawer-title').click();
    await page.waitForTimeout(1000); // the options may still be on their way
  }
  return false;
}

/**
 * Types a date/time into its picker. Times and date-times wait for the picker's OK; a plain date
 * is taken when the field loses focus. (Enter would submit the form.)
 */
async function fillPicker(item: Locator, drawer: Locator, value: string, confirm: boolean) {
  const popup = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
  await expect(popup).toHaveCount(0); // the previous picker has closed
  const input = item.locator('.ant-picker input').first();
  await input.click();
  await input.fill(value);
  if (confirm) {
    // Click OK once the popup has finished sliding in: a click during the animation is lost.
    await expect(popup).toHaveCount(1);
    await expect(popup).not.toHaveClass(/-appear/);
    await popup.locator('.ant-picker-ok button').click();
  } else {
    // Leaving the field takes the typed date: a click on the title, or, when the popup opened
    // upwards over it (a field low in the drawer: the click only ever reached the popup), the
    // field's focus taken away. The popup is let finish sliding in before either is chosen.
    await expect(popup).toHaveCount(1);
    await expect(popup).not.toHaveClass(/-appear/);
    const title = drawer.locator('.ant-drawer-title');
    const reachable = await title.click({ trial: true, timeout: 1000 }).then(
      () => true,
      () => false,
    );
    if (reachable) await title.click();
    else await input.blur();
  }
  await expect(input).toHaveValue(value);
  await expect(popup).toHaveCount(0);
}

/** Rows a structured field needs for its record's rules (a banner_4 template: four tiles). */
const ROWS_NEEDED: Readonly<Record<string, number>> = { tiles: 4 };

/** Picks the first option of a select that has no form id (a part of a structured editor). */
async function pickFirstOf(select: Locator, drawer: Locator): Promise<boolean> {
  const open = page.locator('.ant-select-dropdown:visible');
  const dropdown = open.last();
  for (let attempt = 0; attempt < 3; attempt++) {
    // The previous select's dropdown closes with an animation: wait for it, or its option is taken.
    await expect(open).toHaveCount(0);
    // Options read from another list (extensions by number) arrive after the control: wait for
    // them rather than take "no data" for an answer (a busy CI machine saw an empty paging group).
    await expect(select.locator('.anticon-loading')).toHaveCount(0, { timeout: 15_000 });
    await select.click();
    const option = dropdown.locator('.ant-select-item-option').first();
    await expect(option.or(dropdown.locator('.ant-empty, .ant-select-item-empty')).first()).toBeVisible();
    if (await option.count()) {
      await option.click();
      await drawer.locator('.ant-drawer-title').click();
      return true;
    }
    await drawer.locator('.ant-drawer-title').click();
    await page.waitForTimeout(1000); // the options may still be on their way
  }
  return false;
}

/** Fills one part of a structured editor as an operator would; false when it has nothing to pick. */
async function fillPart(cell: Locator, drawer: Locator, p: FieldDef, n: number): Promise<boolean> {
  // A value that names a record by a field (an agent's extension) is picked from those records.
  if (p.names) return pickFirstOf(cell.locator('.ant-select').first(), drawer);
  switch (p.type) {
    case 'enum':
    case 'ref':
    case 'refs':
      return pickFirstOf(cell.locator('.ant-select').first(), drawer);
    case 'time':
      await fillPicker(cell, drawer, textValue(p, n)!, true);
      return true;
    case 'json':
      return p.shape ? fillShape(cell, drawer, p, n) : true;
    case 'bool':
    case 'file':
      return true;
    default:
      await cell.locator('input').first().fill(textValue(p, n)!);
      return true;
  }
}

/**
 * Fills a json field through its structured editor (features/resource/shape-control.tsx): a row
 * added and its parts filled, a group's parts filled, a list given one value. Never JSON text.
 */
async function fillShape(item: Locator, drawer: Locator, f: FieldDef, n: number): Promise<boolean> {
  const shape = f.shape!;
  if (shape.kind === 'list') {
    const of = shape.of;
    if (of.type === 'enum' || of.type === 'ref' || of.type === 'refs' || of.names)
      return pickFirstOf(item.locator('.ant-select').first(), drawer);
    // Free values are typed and taken at the separator; two, as a list of participants needs.
    await item
      .locator('.ant-select input')
      .first()
      .pressSequentially(`${textValue(of, n)},${textValue(of, n + 1)},`);
    await drawer.locator('.ant-drawer-title').click();
    return true;
  }
  // An optional part with nothing to pick (no area yet) stays empty; a required one cannot.
  if (shape.kind === 'object') {
    for (const p of shape.fields)
      if (!(await fillPart(item.locator(`[data-part="${p.name}"]`).first(), drawer, p, n)) && p.required)
        return false;
    return true;
  }
  // Rows: as many as the record's rules need (a template's layout has four tiles), each different.
  const rows = ROWS_NEEDED[`${f.name}`] ?? 1;
  for (let i = 0; i < rows; i++) {
    await item.locator('button.ant-btn-dashed').last().click();
    const row = item.locator('.ant-table-tbody tr.ant-table-row').last();
    for (const p of shape.fields) {
      const cell = row.locator(`[data-part="${p.name}"]`).first();
      // A layout's slots are numbered from 1.
      if (p.name === 'slot')
        await cell
          .locator('input')
          .first()
          .fill(String(i + 1));
      else if (!(await fillPart(cell, drawer, p, n + i)) && p.required) return false;
    }
  }
  return true;
}

/**
 * The value of a json field whose items name other records by id (JSON_REFERENCES), made from a
 * record that exists, asked of the API with the console's session.
 */
async function referencedJson(def: ResourceDef, f: FieldDef, caseMode: Mode): Promise<string | undefined> {
  const firstId = async (resource: string) => {
    const target = resourceByName(resource)!;
    const token = (await page.context().cookies()).find((c) => c.name === CookieNames.token)?.value ?? '';
    const ops = caseMode === 'operations';
    const res = await page.request.post(ops ? target.opsEndpoint! : target.endpoint, {
      data: { method: 'list', limit: 1 },
      headers: { IGSAuth: token, ...(ops ? { 'igs-sids': OPERATIONS_SITE, 'igs-cid': '1' } : {}) },
    });
    const id = ((await res.json()) as Envelope<{ list: { id: number }[] }>).data?.list?.[0]?.id;
    expect(
      id,
      `a ${resource} record to name in ${def.name}.${f.name} (added by its own journey first)`,
    ).toBeTruthy();
    return Number(id);
  };
  const named = JSON_REFERENCES[def.name];
  if (!named || named.field !== f.name) return undefined;
  return named.value(await firstId(named.names));
}

function addTest({ mode: caseMode, leaf, def }: (typeof ADD_CASES)[number]) {
  test(`${caseMode} ${leaf.component} ${def.name}: add a record and find it in the list`, async () => {
    const known = KNOWN_ADD_PROBLEMS[`${caseMode} ${def.name}`];
    test.fail(Boolean(known), known);
    await ensureMode(caseMode);
    await openList(urlOf(leaf, def));
    const rp = recordPage();
    const add = rp.locator('.resource-toolbar .ant-btn-primary:has(.anticon-plus)');
    await expect(add, `${def.name}: the add button (admin holds ${def.name}:add)`).toBeVisible();
    const before = await totalOf(rp);
    await add.click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await expect(drawer.locator('.ant-form')).toBeVisible();

    const n = ++serial;
    let shown: string | undefined;
    const filled = new Set<string>();
    const fill = async (f: FieldDef) => {
      filled.add(f.name);
      const item = drawer.locator('.ant-form-item').filter({ has: page.locator(`label[for="${f.name}"]`) });
      await expect(item, `${def.name}.${f.name} in the form`).toHaveCount(1);
      switch (f.type) {
        case 'enum':
        case 'enums':
          expect(await pickFirst(item, drawer, f.name), `${def.name}.${f.name} offers its options`).toBe(
            true,
          );
          break;
        case 'ref':
        case 'refs':
          if (!(await pickFirst(item, drawer, f.name))) {
            const reason = `${def.name}.${f.name} needs a ${f.ref} record and there is none to pick`;
            console.log(`skipped: ${reason}`);
            test.skip(true, reason);
          }
          break;
        case 'bool':
          await item.locator('.ant-switch').click();
          break;
        case 'file': {
          const accept = (await item.locator('input[type="file"]').getAttribute('accept')) ?? '';
          const file = accept.startsWith('audio') ? SAMPLE_FILES.audio : SAMPLE_FILES.image;
          if (!accept.startsWith('audio') && !accept.startsWith('image')) {
            const reason = `${def.name}.${f.name} needs a file of type "${accept}", which this journey cannot make`;
            console.log(`skipped: ${reason}`);
            test.skip(true, reason);
          }
          await item.locator('input[type="file"]').setInputFiles(file);
          await expect(item.locator('.ant-btn-dangerous')).toBeVisible({ timeout: 20_000 }); // "Remove": uploaded
          break;
        }
        case 'date':
        case 'dt':
        case 'time':
          await fillPicker(item, drawer, textValue(f, n)!, f.type !== 'date');
          break;
        case 'json':
          if (f.shape) {
            if (!(await fillShape(item, drawer, f, n))) {
              const reason = `${def.name}.${f.name} needs a record to name and there is none to pick`;
              console.log(`skipped: ${reason}`);
              test.skip(true, reason);
            }
            break;
          }
          await item.locator('textarea').fill((await referencedJson(def, f, caseMode)) ?? textValue(f, n)!);
          break;
        case 'text':
        case 'html':
          await item.locator('textarea').fill(textValue(f, n)!);
          break;
        default: {
          const value = textValue(f, n)!;
          await item.locator('input').first().fill(value);
          if (f.list && (f.type === 'str' || f.type === 'int')) shown ??= value;
        }
      }
    };
    for (const f of fieldsToFill(def)) await fill(f);
    const save = () => drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
    await save();
    // A rule across fields (a trunk that registers needs its username) names the field the server
    // wants: fill it too, as an operator would, and save again.
    for (let round = 0; round < 3; round++) {
      const closed = await drawer.waitFor({ state: 'hidden', timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      if (closed) break;
      const asked = await drawer
        .locator('.ant-form-item-has-error label[for]')
        .evaluateAll((labels) => labels.map((l) => l.getAttribute('for') ?? ''));
      const more = writableFields(def).filter((f) => asked.includes(f.name) && !filled.has(f.name));
      if (!more.length) break;
      for (const f of more) await fill(f);
      await save();
    }
    const problems = async () =>
      [
        ...(await drawer.locator('.ant-form-item-explain-error').allTextContents()),
        ...(await page.locator('.ant-message').allTextContents()),
      ].join(' | ');
    await expect(drawer)
      .toBeHidden({ timeout: 15_000 })
      .catch(async (e: Error) => {
        throw new Error(`${def.name}: the form did not save: ${await problems()}\n${e.message}`);
      });
    await listSettled(rp);
    await expect.poll(() => totalOf(rp), { message: `${def.name}: one more record listed` }).toBe(before + 1);
    if (shown) await expect(rp.locator('.resource-table .ant-table-tbody').first()).toContainText(shown);
    await expect(failurePage()).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

/** Pictures of the generic page to look at (e2e/artifacts): a list, a tabbed module, a refused form. */
function screenshotsTest() {
  test('full: screenshots of the generic record page', async () => {
    await ensureMode('full');
    await openList('/voice/extension');
    await shoot(page, 'module-voice-extension-zh_CN');
    await openList('/voice/address-book?tab=contact_group');
    await shoot(page, 'module-voice-address-book-tabs-zh_CN');
    await openList('/voice/extension');
    const drawer = await refusedExtensionForm(page);
    await page.waitForTimeout(300); // let the error messages finish appearing
    await shoot(page, 'module-form-errors-zh_CN');
    await drawer.locator('.ant-drawer-footer .ant-btn').first().click(); // Cancel
    await expect(drawer).toBeHidden();
  });
}

// Full mode first, then one switch to operations mode.
for (const m of ['full', 'operations'] as const) {
  for (const leaf of LEAVES.filter((l) => l.mode === m)) openTest(leaf);
  for (const c of ADD_CASES.filter((x) => x.mode === m)) addTest(c);
  if (m === 'full') screenshotsTest();
}
