import { join } from 'node:path';
import { fullMenus } from '@igs/contract/menus';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  consoleEntryOf,
  contractFirstCalls,
  contractMenuPages,
  menuPages,
  pageFirstCalls,
  pagePreloads,
  recordPageOf,
} from './page-preloads.ts';

const SRC = '/repo/apps/console/src';

function chunk(fileName: string, name: string, imports: string[], moduleIds: string[] = []) {
  return { type: 'chunk', fileName, name, imports, moduleIds } as unknown as Rolldown.OutputChunk;
}

describe('the scripts each menu page loads beyond the shell', () => {
  it('makes the routes as the router does: children under their group, leaves only', () => {
    const pages = menuPages([
      {
        path: '/system',
        component: 'Layout',
        children: [
          { path: 'log', component: 'system/OperationLog' },
          { path: '/dhcp', component: 'system/Dhcp' },
        ],
      },
      { path: '/scenelistadd', component: 'smart/SceneEdit' },
    ]);
    expect(pages).toEqual([
      { path: '/system/log', component: 'system/OperationLog' },
      { path: '/dhcp', component: 'system/Dhcp' },
      { path: '/scenelistadd', component: 'smart/SceneEdit' },
    ]);
  });

  it("lists a page's chunk and what it imports, less what every page has, once per file", () => {
    const bundle = [
      chunk('assets/start-a.js', 'start', ['assets/rolldown-runtime-b.js']),
      chunk('assets/rolldown-runtime-b.js', 'rolldown-runtime', []),
      chunk('assets/shell-c.js', 'shell', ['assets/start-a.js']),
      chunk(
        'assets/records-d.js',
        'records',
        ['assets/shell-c.js'],
        [`${SRC}/features/resource/resource-page.tsx`, `${SRC}/features/resource/resource-module-page.tsx`],
      ),
      // The area's form pages in one chunk.
      chunk(
        'assets/area-system-forms-e.js',
        'area-system-forms',
        ['assets/records-d.js', 'assets/shell-c.js'],
        [`${SRC}/pages/system/Dns.tsx`, `${SRC}/pages/system/Dhcp.tsx`],
      ),
    ];
    const entries: Record<string, string> = {
      'media/Access': `${SRC}/features/resource/resource-module-page.tsx`,
      'system/Dhcp': `${SRC}/pages/system/Dhcp.tsx`,
    };
    const preloads = pagePreloads(
      bundle,
      [
        { path: '/media/access', component: 'media/Access' },
        { path: '/system/dhcp', component: 'system/Dhcp' },
        { path: '/https://example.com', component: 'Link' },
      ],
      (component) => entries[component],
    );
    expect(preloads.files).toEqual(['/assets/records-d.js', '/assets/area-system-forms-e.js']);
    expect(preloads.paths).toEqual({ '/media/access': [0], '/system/dhcp': [1, 0] });
  });

  it("finds each of the contract's menu pages: its page file, or the record page for its resources", async () => {
    const { pages, recordComponents } = await contractMenuPages();
    const root = `${join(import.meta.dirname, '..')}/`;
    const entryOf = consoleEntryOf(root, recordComponents);
    expect(pages.length).toBeGreaterThan(100);
    expect(entryOf('system/OperationLog')).toBe(`${root}src/pages/system/OperationLog.tsx`);
    expect(entryOf('media/Access')).toBe(`${root}src/features/resource/resource-module-page.tsx`);
    expect(entryOf('../../etc/passwd')).toBeUndefined();
    // Every leaf of the full menu that the router can open has an entry.
    const leaves = menuPages(fullMenus).filter(
      (p) => p.component !== 'Layout' && !/^https?:/.test(p.path.slice(1)),
    );
    const missing = leaves.filter((p) => entryOf(p.component) === undefined).map((p) => p.component);
    expect(missing).toEqual([]);
  });

  it("gives each record page its tabs' first calls, the operations endpoint only where it differs", async () => {
    const menu = await contractMenuPages();
    const { pages, recordTabs } = menu;
    const root = `${join(import.meta.dirname, '..')}/`;
    const entryOf = consoleEntryOf(root, menu.recordComponents);
    const calls = contractFirstCalls(root, menu);
    const byComponent = new Map(pages.map((p) => [p.path, p.component]));
    // Every record page, each with the tabs the record page opens, in its order.
    for (const [path, tabs] of Object.entries(calls))
      expect([path, tabs.length]).toEqual([path, recordTabs.get(byComponent.get(path)!)?.length]);
    const addressBook = Object.values(calls).find((tabs) => tabs[0]?.[0] === 'contact');
    expect(addressBook?.map((t) => t[0])).toEqual(['contact', 'contact_group']);
    for (const [, endpoint] of addressBook ?? []) expect(endpoint).toMatch(/^\/admin\.php\/voice\//);
    // A component with a page file of its own draws itself: no call guessed for it.
    expect(
      Object.entries(calls).filter(([path]) => entryOf(byComponent.get(path)!) !== recordPageOf(root)),
    ).toEqual([]);
    expect(calls['/system/log']).toBeUndefined();
    const tabs = [
      { name: 'a:one', endpoint: '/e/one', opsEndpoint: '/ops/one' },
      { name: 'a:two', endpoint: '/e/two', opsEndpoint: '/e/two' },
    ];
    expect(pageFirstCalls([{ path: '/a', component: 'a/A' }], () => tabs)).toEqual({
      '/a': [
        ['one', '/e/one', '/ops/one'],
        ['two', '/e/two', ''],
      ],
    });
  });
});
