/**
 * A page holding the console's real header search (bench/search-browser.ts drives it in
 * Chromium): the menu is set through the permission store as the shell does after sign-in,
 * either the built-in full menu or 1,000 synthetic titles, in either language.
 *
 * Each keystroke is timed from the input event's time stamp until the task that handles it has
 * ended and the page is laid out again: React commits a discrete event's update before that task
 * ends, so the dropdown is then committed with the new options (a message posted from the input
 * listener runs after it, and reading a layout property makes the browser lay the dropdown out).
 */
import type { MenuNode, MenuSeed } from '@igs/contract';
import { menuSeedsFor } from '@igs/contract/menus';
// The console's component, or another version of it given by BENCH_SEARCH_COMPONENT (search-browser.ts).
import { HeaderSearch } from 'bench-header-search';
import { Profiler } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import '../../apps/console/src/features/shell-i18n/texts.ts';
import { loadMenuTitles, setLanguage } from '../../apps/console/src/i18n/index.ts';
import { usePermissionStore } from '../../apps/console/src/stores/permission.ts';
import { syntheticMenus } from '../search-menus.ts';
import type {} from './search-bench-api.ts';

/** The reply form of the seeds, as the server's menu call gives it. */
function toNode(seed: MenuSeed): MenuNode {
  return {
    path: seed.path,
    component: seed.component,
    name: seed.name,
    ...(seed.hidden ? { hidden: true } : {}),
    meta: { title: seed.titleKey },
    ...(seed.children ? { children: seed.children.map(toNode) } : {}),
  };
}

const keystrokes: number[] = [];
/** Per keystroke: [from the event's creation to its dispatch, React's render time, the rest]. */
const parts: number[][] = [];
let rendering = 0;
document.addEventListener(
  'input',
  (event) => {
    const started = event.timeStamp;
    const dispatched = performance.now();
    rendering = 0;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      void document.body.offsetHeight;
      const total = performance.now() - started;
      keystrokes.push(total);
      parts.push([dispatched - started, rendering, total - (dispatched - started) - rendering]);
    };
    channel.port2.postMessage(null);
  },
  true,
);

const root = createRoot(document.getElementById('app')!);

window.searchBench = {
  /** Mounts a closed search over the menu; resolves with the number of menu pages. */
  async show(menu, lang) {
    await loadMenuTitles();
    setLanguage(lang);
    const menus = menu === 'real' ? menuSeedsFor('full').map(toNode) : syntheticMenus(1000);
    usePermissionStore.setState({ menus });
    root.render(
      <MemoryRouter key={`${menu}-${lang}-${Date.now()}`}>
        <Profiler id="search" onRender={(_id, _phase, actual) => (rendering += actual)}>
          <HeaderSearch />
        </Profiler>
      </MemoryRouter>,
    );
    keystrokes.length = 0;
    parts.length = 0;
    return menus.reduce((n, group) => n + (group.children?.length ?? 1), 0);
  },
  takeKeystrokes: () => keystrokes.splice(0),
  timed: () => keystrokes.length,
  takeParts: () => parts.splice(0),
  options: () =>
    [...document.querySelectorAll('[role="option"], .ant-select-item-option')].map(
      (o) => o.textContent ?? '',
    ),
};
