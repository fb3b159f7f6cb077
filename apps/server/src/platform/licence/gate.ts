import { Code, type Lang, permissionPrefix, texts } from '@igs/contract';
import { resources } from '@igs/contract/resources';
import type { AppContext } from '../app-context.ts';
import type { AnyAction } from '../http/action.ts';
import { ApiError } from '../http/errors.ts';
import {
  type Area,
  countRows,
  LIMITS,
  type LicenceStatus,
  type LimitCount,
  type LimitKey,
  licenceStatus,
  type Text,
} from './licence.ts';

/**
 * Licence enforcement, called by the dispatcher on every module call (http/dispatch.ts): a call
 * of a business area the licence does not enable, or any business call while the licence is
 * expired or invalid, answers 1006 (the console then shows /406). System and authorise calls
 * are never refused. Adding or importing records counted by a limit is refused at the limit.
 */

/** Business area of each first segment of the permission prefix; anything else is "system". */
const AREA_OF_SEGMENT: Readonly<Record<string, Area>> = {
  voice: 'voice',
  video: 'video',
  ac: 'ac',
  tr069: 'tr069',
  media: 'media',
  advertising: 'advertising',
  smart: 'smart',
  index: 'smart',
  shop: 'smart',
  introduce: 'smart',
  aiso: 'aiso',
};

export const AREA_NAMES: Readonly<Record<Area, Text>> = {
  voice: texts('licence.voice'),
  video: texts('licence.videoGb28181'),
  ac: texts('licence.wirelessAc'),
  tr069: { en: 'TR069', zh_CN: 'TR069' },
  media: texts('licence.media'),
  advertising: texts('licence.advertising'),
  smart: texts('licence.smartDisplay'),
  aiso: texts('licence.commandAlarm'),
};

export function areaOfPath(path: string): Area | null {
  const first = permissionPrefix(path).split(':')[0] ?? '';
  return AREA_OF_SEGMENT[first] ?? null;
}

/** The limits checked when rows are added, by the table they count. */
const ADD_LIMIT_OF_TABLE = new Map(
  (Object.entries(LIMITS) as [Exclude<LimitKey, 'sites'>, LimitCount][])
    .filter(([, limit]) => limit.checkedOn === 'add')
    .map(([key, limit]) => [limit.table, key]),
);

/** The limit that adding a record at this path counts against, if any (LIMITS says which). */
function limitOfPath(path: string): Exclude<LimitKey, 'sites'> | null {
  const p = path.toLowerCase();
  const def = resources.find((r) => r.endpoint.toLowerCase() === p || r.opsEndpoint?.toLowerCase() === p);
  return (def && ADD_LIMIT_OF_TABLE.get(def.table)) ?? null;
}

const LIMIT_NAMES: Readonly<Record<LimitKey, Text>> = {
  terminals: texts('licence.terminals'),
  extensions: texts('licence.extensions'),
  aps: { en: 'access points', zh_CN: 'AP' },
  cpes: texts('licence.tr069Devices'),
  channels: texts('licence.liveChannels'),
  sites: texts('licence.sites'),
};

function refuse(lang: Lang, text: Text, data: Record<string, unknown>): ApiError {
  return new ApiError(Code.licenceRefused, text[lang], data);
}

export async function requireLicence(app: AppContext, action: AnyAction, lang: Lang): Promise<void> {
  const area = areaOfPath(action.path);
  if (!area) return;
  const status: LicenceStatus = await licenceStatus(app);
  if (status.state === 'evaluation') return;
  const name = AREA_NAMES[area];
  if (status.state !== 'valid') {
    throw refuse(lang, status.reason ?? texts('licence.noValidLicence'), {
      area,
      licence: status.state,
    });
  }
  const licence = status.licence!;
  if (!licence.modules.includes(area)) {
    throw refuse(lang, texts('licence.licenceDoesNotInclude', { name }), {
      area,
      licence: 'valid',
      modules: licence.modules,
    });
  }
  if (action.method !== 'add' && action.method !== 'import') return;
  const key = limitOfPath(action.path);
  const max = key ? licence.limits[key] : null;
  if (!key || max === null || max === undefined) return;
  const used = await countRows(app, key);
  if (used !== null && used >= max) {
    const n = LIMIT_NAMES[key];
    throw refuse(lang, texts('licence.licenceAllowsUseRemove', { max, n, used }), { limit: key, max, used });
  }
}
