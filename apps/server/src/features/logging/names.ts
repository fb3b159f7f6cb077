import {
  flattenMenus,
  isTextKey,
  type Lang,
  type Localized,
  permissionPrefix,
  say,
  sayAny,
  storedText,
} from '@igs/contract';
import { fullMenus, hiddenMenus, operationsHiddenMenus, operationsMenus } from '@igs/contract/menus';
import { resources } from '@igs/contract/resources';

/**
 * How the operation log names what was done: a row keeps the module's permission prefix
 * (`index:personal`) and the method (`change_password`), and the list shows the module's menu
 * title and the action in the reader's language ("Personal data" / "Change password").
 */

let titles: Map<string, Localized> | null = null;
let verbLabels: Map<string, Localized> | null = null;

/** Permission prefix → the title of the menu whose page calls it (its primary endpoint first). */
function moduleTitles(): Map<string, Localized> {
  if (titles) return titles;
  const out = new Map<string, Localized>();
  const seeds = flattenMenus([...fullMenus, ...hiddenMenus, ...operationsMenus, ...operationsHiddenMenus]);
  for (const primaryOnly of [true, false])
    for (const seed of seeds)
      (seed.endpoints ?? []).forEach((endpoint, i) => {
        if (primaryOnly && i > 0) return;
        const prefix = permissionPrefix(endpoint);
        if (!out.has(prefix)) out.set(prefix, seed.title);
      });
  for (const r of resources) {
    const prefix = permissionPrefix(r.endpoint);
    if (!out.has(prefix)) out.set(prefix, r.title);
  }
  titles = out;
  return out;
}

/** `module method` → the label a resource's description gives its verb. */
function resourceVerbs(): Map<string, Localized> {
  if (verbLabels) return verbLabels;
  const out = new Map<string, Localized>();
  for (const r of resources)
    for (const v of r.verbs ?? []) out.set(`${permissionPrefix(r.endpoint)} ${v.name}`, v.label);
  verbLabels = out;
  return out;
}

/** The module's menu title in `lang`; the prefix itself when no menu or shell page names it. */
export function moduleTitle(module: string, lang: Lang): string {
  const title = moduleTitles().get(module);
  if (title) return title[lang];
  const key = `logging.module.${module}`;
  return isTextKey(key) ? sayAny(lang, key) : module;
}

/** The action in `lang`: the resource verb's label, else the method's name, else the method. */
export function actionTitle(module: string, action: string, lang: Lang): string {
  const label = resourceVerbs().get(`${module} ${action}`);
  if (label) return label[lang];
  const key = `logging.verb.${action}`;
  if (isTextKey(key)) return sayAny(lang, key);
  return action.replaceAll('_', ' ');
}

interface Names {
  module_title: string;
  action_title: string;
  summary: string;
}

/**
 * The names of each module, action and language, made once: they come from the built-in menus,
 * resources and catalogue, which do not change while the server runs, and a page of the log
 * repeats the same few modules and actions (a 20-row page filled its templates 20 times: some 4%
 * of the list's CPU under load, docs/performance.md).
 */
const namesByKey = new Map<string, Names>();
/** Bounds the names kept: far above the modules times actions a server has. */
const MAX_NAMES = 5000;

function namesOf(module: string, action: string, lang: Lang): Names {
  const key = `${lang} ${module} ${action}`;
  let names = namesByKey.get(key);
  if (!names) {
    const module_title = moduleTitle(module, lang);
    const action_title = actionTitle(module, action, lang);
    names = {
      module_title,
      action_title,
      summary: say(lang, 'logging.actionOf', { module: module_title, action: action_title }),
    };
    if (namesByKey.size >= MAX_NAMES) namesByKey.clear();
    namesByKey.set(key, names);
  }
  return names;
}

/** A row as the list and the export give it: names in the reader's language, the detail too. */
export function describeEntry(
  row: { module: string; action: string; detail: string },
  lang: Lang,
): { module_title: string; action_title: string; summary: string; detail: string } {
  const { module_title, action_title, summary } = namesOf(row.module, row.action, lang);
  return { module_title, action_title, summary, detail: storedText(row.detail, lang) };
}
