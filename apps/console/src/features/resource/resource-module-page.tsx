import type { ResourceDef } from '@igs/contract/resources';
import type { QueryClient } from '@tanstack/react-query';
import { Tabs } from 'antd';
import { type ComponentType, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage } from '../../i18n/index.ts';
import { extrasOf } from '../module-extras/registry.tsx';
import { pickTab, TAB_PARAM, tabKeyOf } from './module-tabs.ts';
import { resourceDefsOf } from './resource-modules.ts';
import { ResourcePage } from './resource-page.tsx';
import { prefetchResourceList } from './use-resource-list.ts';

/*
 * The generic page of a record module: a menu component without a page file of its own whose
 * endpoints serve resource descriptions (resource-modules.ts). The page registry loads it lazily.
 * ResourcePage picks the full or operations endpoint of each description itself.
 */

/** One resource per tab; the active tab follows `?tab=` and writes it back on a switch. */
export function ResourceTabs({ defs }: { defs: readonly ResourceDef[] }) {
  const lang = useLanguage();
  const [params, setParams] = useSearchParams();
  const keys = defs.map(tabKeyOf);
  const requested = params.get(TAB_PARAM);
  const [tab, setTab] = useState(() => pickTab(requested, keys));
  const keyList = keys.join(',');

  // Follow the query when it names a tab (the sidebar link has none: keep the current one). A page
  // kept alive in a hidden tab reads the address it was last shown at (features/keep-alive).
  useEffect(() => {
    if (requested !== null) setTab(pickTab(requested, keyList.split(',')));
  }, [requested, keyList]);

  const change = (key: string) => {
    setTab(key);
    // Replace, not push: switching tabs is not a step back through history. Other query
    // parameters (operations mode's site `id`) stay.
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(TAB_PARAM, key);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Tabs
      className="resource-module-tabs"
      activeKey={tab}
      onChange={change}
      items={defs.map((def, i) => ({
        key: keys[i]!,
        label: def.title[lang],
        children: <ResourcePage def={def} extras={extrasOf(def.name)} showTitle={false} />,
      }))}
    />
  );
}

/** One description: its page; several: a tab each. */
export function ResourceModulePage({ defs }: { defs: readonly ResourceDef[] }) {
  if (defs.length === 1) return <ResourcePage def={defs[0]!} extras={extrasOf(defs[0]!.name)} />;
  return <ResourceTabs defs={defs} />;
}

// One component per menu component: resolving a route twice must not remount its page.
const pages = new Map<string, ComponentType>();

/** The generic page of a menu component, or undefined when its endpoints serve no resource. */
export function resourceModulePage(component: string): ComponentType | undefined {
  const known = pages.get(component);
  if (known) return known;
  const defs = resourceDefsOf(component);
  if (!defs.length) return undefined;
  const Page = () => <ResourceModulePage defs={defs} />;
  Page.displayName = `ResourceModule(${component})`;
  pages.set(component, Page);
  return Page;
}

/** What a route knows of the page it is about to show, to start the page's first call early. */
export interface PagePrefetch {
  client: QueryClient;
  /** The address's query string (`?tab=`, operations mode's `?id=`). */
  search: string;
  isOperations: 0 | 1;
  /** The sites the page will act on (features/sites `siteIdsOf` in operations mode, else null). */
  sites: string | null;
}

/**
 * Starts the list call of the tab the module page will open at this address (the one `?tab=`
 * names, else the first), with the key its page uses. Nothing for a component that is no record
 * module.
 */
export function prefetchResourceModule(component: string, at: PagePrefetch): Promise<void> {
  const defs = resourceDefsOf(component);
  if (!defs.length) return Promise.resolve();
  const keys = defs.map(tabKeyOf);
  const def =
    defs.length === 1
      ? defs[0]!
      : defs[keys.indexOf(pickTab(new URLSearchParams(at.search).get(TAB_PARAM), keys))]!;
  return prefetchResourceList(at.client, def, at.isOperations, at.sites);
}
