import type { MenuSeed } from '../menu.ts';

/**
 * The ResourcePicker's file explorer (DOMAIN 1.2): `/operations/explorer/<verb>` and its full-mode
 * twin `/admin.php/explorer/<verb>`. Each path names its action, so a write's button key is the
 * path's own prefix (`explorer:rename`, DOMAIN 3.4); `list` and `res_tree` are reads. `upload`
 * puts a file into a folder (DOMAIN 3.6: "in operations mode, /operations/explorer/…").
 */
export const EXPLORER_VERBS = ['list', 'res_tree', 'creat_dir', 'rename', 'del', 'upload'] as const;
export type ExplorerVerb = (typeof EXPLORER_VERBS)[number];

export const EXPLORER_WRITES = ['creat_dir', 'rename', 'del', 'upload'] as const;

export function explorerPath(mode: 'full' | 'operations', verb: ExplorerVerb): string {
  return `${mode === 'full' ? '/admin.php' : '/operations'}/explorer/${verb}`;
}

/** The key of a write verb: the path's prefix. */
export function explorerButton(verb: (typeof EXPLORER_WRITES)[number]): string {
  return `explorer:${verb}`;
}

export const EXPLORER_BUTTONS: readonly string[] = EXPLORER_WRITES.map(explorerButton);

/**
 * Full-mode items whose forms have `file` fields (each names an endpoint of a resource with one):
 * the picker is part of those forms, so whoever may open one may browse the library. A test keeps
 * this list equal to what the resource descriptions say; it is written out so the menu trees,
 * which the console loads at start, need not import every resource description.
 * (Operations mode: the home item carries the calls, see operations.ts.)
 */
export const FULL_EXPLORER_ITEMS: ReadonlySet<string> = new Set([
  'VoiceIvr',
  'VoiceCallCenter',
  'VoiceBroadcast',
  'VoiceQueueNotify',
  'VoicePatrol',
  'Tr069Template',
  'MediaAccess',
  'MediaLiveClass',
  'MediaLiveProgram',
  'MediaLiveBroadcast',
  'MediaLivePlaza',
  'MediaFilmClass',
  'MediaFilmList',
  'MediaSleepMusic',
  'MediaSelfMedia',
  'AdvertResource',
  'SmartScene',
  'SmartEasyTemplate',
  'SmartAppMenu',
  'SmartAppUpdate',
  'SmartIntroResource',
  'SmartOtherIntro',
  'SmartMall',
  'SystemExternalLinks',
  'SystemHolidayTheme',
]);

/** The tree with the full-mode explorer calls and keys added to the items named in `names`. */
export function withExplorer(seeds: readonly MenuSeed[], names: ReadonlySet<string>): MenuSeed[] {
  return seeds.map((item) => {
    const next: MenuSeed = { ...item };
    if (names.has(item.name)) {
      next.endpoints = [...(item.endpoints ?? []), ...EXPLORER_VERBS.map((v) => explorerPath('full', v))];
      next.buttons = [...(item.buttons ?? []), ...EXPLORER_BUTTONS];
    }
    if (item.children) next.children = withExplorer(item.children, names);
    return next;
  });
}
