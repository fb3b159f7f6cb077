import type { Lang, Localized } from '@igs/contract';
import { keepText, say, texts } from '@igs/contract';
import { smsSettings } from '@igs/contract/extras';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { type Registration, resourceVerb } from '../../platform/feature.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { readSingleton } from '../../platform/singletons/store.ts';
import { missingSetting } from '../sms/index.ts';
import { isDialable } from './config/conf-text.ts';
import { withManager } from './manager.ts';
import { numberOwner } from './numbering-plan.ts';
import { writableOutgoing } from './spool.ts';
import { listOf } from './verb-support.ts';

/**
 * voice/Preplan `test` (DOMAIN: "a dry run that lists the steps"): each action of the plan as it
 * would run — what it reaches, through which channel (a call file, Asterisk's manager interface,
 * the SMS provider, the terminal command queue) — and whether that channel is there now, with the
 * reason when it is not. Nothing is called, sent or queued.
 */

export interface PlanStep {
  step: number;
  type: string;
  target: string;
  /** What the step would do, in the caller's language. */
  does: string;
  channel: 'call_file' | 'ami' | 'sms' | 'terminal_commands' | 'none';
  ready: boolean;
  reason: string | null;
}

/** Each channel is checked at most once per dry run. */
class Channels {
  private cache = new Map<string, Promise<string | null>>();
  private app: AppContext;
  private lang: Lang;
  constructor(app: AppContext, lang: Lang) {
    this.app = app;
    this.lang = lang;
  }
  private once(key: string, check: () => Promise<string | null>): Promise<string | null> {
    if (!this.cache.has(key)) this.cache.set(key, check());
    return this.cache.get(key)!;
  }
  /** Why the channel cannot be used now, or null. */
  why(channel: PlanStep['channel']): Promise<string | null> {
    switch (channel) {
      case 'call_file':
        return this.once(channel, () => writableOutgoing(this.lang).then(() => null, reasonOf));
      case 'ami':
        return this.once(channel, () => withManager(this.lang, async () => null).catch(reasonOf));
      case 'sms':
        return this.once(channel, async () => {
          const missing = missingSetting(await readSingleton(this.app, smsSettings));
          return missing ? say(this.lang, 'voice.smsSettingsIncompleteNot', { missing }) : null;
        });
      default:
        return Promise.resolve(null);
    }
  }
}

function reasonOf(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  throw e;
}

async function describe(
  db: Conn,
  site: number,
  lang: Lang,
  type: string,
  target: string,
  text: string,
): Promise<Pick<PlanStep, 'does' | 'channel'> & { missing?: string }> {
  const t = (text: Localized) => text[lang];
  switch (type) {
    case 'call_group': {
      const owner = isDialable(target) ? await numberOwner(db, site, target) : null;
      if (owner)
        return {
          does: owner.name
            ? say(lang, 'voice.callNamedOwner', { what: owner.what, target, name: owner.name })
            : say(lang, 'voice.callOwner', { what: owner.what, target }),
          channel: 'call_file',
        };
      if (isDialable(target)) return { does: t(texts('voice.call', { target })), channel: 'call_file' };
      return {
        does: t(texts('voice.call', { target })),
        channel: 'call_file',
        missing: t(texts('voice.notNumber', { target })),
      };
    }
    case 'page': {
      const g = await db
        .selectFrom('voice_paging_group')
        .select(['number', 'name'])
        .where('site_id', '=', site)
        .where('number', '=', target)
        .executeTakeFirst();
      return g
        ? {
            does: t(texts('voice.pageGroup', { number: g.number, name: g.name })),
            channel: 'call_file',
          }
        : {
            does: t(texts('voice.pageGroupNumber', { target })),
            channel: 'call_file',
            missing: t(texts('voice.noPagingGroupNumber', { target })),
          };
    }
    case 'notify': {
      const n = await db
        .selectFrom('voice_notify_task')
        .select(['id', 'name'])
        .where('site_id', '=', site)
        .where((eb) =>
          eb.or([eb('name', '=', target), ...(/^\d+$/.test(target) ? [eb('id', '=', Number(target))] : [])]),
        )
        .executeTakeFirst();
      return n
        ? {
            does: t(texts('voice.startNotificationTask', { name: n.name })),
            channel: 'call_file',
          }
        : {
            does: t(texts('voice.startNotificationTaskNamed', { target })),
            channel: 'call_file',
            missing: t(texts('voice.noNotificationTaskCalled', { target })),
          };
    }
    case 'sms': {
      const phones = target.split(/[,;\s]+/).filter(Boolean);
      return {
        does: say(lang, 'voice.sendSms', {
          text,
          phones: { en: phones.join(', '), zh_CN: phones.join('、') },
        }),
        channel: 'sms',
        ...(phones.length ? {} : { missing: t(texts('voice.noPhoneNumberSend')) }),
      };
    }
    case 'display_message': {
      const ext = await db
        .selectFrom('voice_extension')
        .select('id')
        .where('site_id', '=', site)
        .where('extension', '=', target)
        .executeTakeFirst();
      const area = ext
        ? undefined
        : await db
            .selectFrom('system_area')
            .select('id')
            .where('site_id', '=', site)
            .where('code', '=', target)
            .executeTakeFirst();
      const terminals =
        ext || area
          ? await db
              .selectFrom('smart_binding')
              .select('terminal_id')
              .where('site_id', '=', site)
              .where(ext ? 'extension_id' : 'area_id', '=', Number((ext ?? area)!.id))
              .execute()
          : [];
      const n = new Set(terminals.map((r) => r.terminal_id).filter((id) => id !== null)).size;
      return {
        does: t(texts('voice.showTerminalS', { text, n, target })),
        channel: 'terminal_commands',
        ...(n ? {} : { missing: t(texts('voice.noTerminalBound', { target })) }),
      };
    }
    case 'conference': {
      const c = await db
        .selectFrom('voice_conference')
        .select(['number', 'name'])
        .where('site_id', '=', site)
        .where('number', '=', target)
        .executeTakeFirst();
      return c
        ? {
            does: t(texts('voice.bringRespondersIntoMeeting', { number: c.number, name: c.name })),
            channel: 'ami',
          }
        : {
            does: t(texts('voice.bringRespondersIntoRoom', { target })),
            channel: 'ami',
            missing: t(texts('voice.noMeetingRoomNumber', { target })),
          };
    }
    default:
      return {
        does: t(texts('voice.unknownAction', { type })),
        channel: 'none',
        missing: t(texts('voice.notActionPlanCan', { type })),
      };
  }
}

const preplanTestVerb = resourceVerb('voice:preplan', 'test', async ({ ctx, db, records, site }) => {
  const plan = records[0]!;
  const channels = new Channels(ctx.app, ctx.lang);
  const steps: PlanStep[] = [];
  for (const [i, raw] of listOf(plan.actions).entries()) {
    const a = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const type = String(a.type ?? '');
    const target = String(a.target ?? '').trim();
    const text = String(a.text ?? a.sound ?? '');
    const d = await describe(db, Number(plan.site_id ?? site), ctx.lang, type, target, text);
    const reason = d.missing ?? (await channels.why(d.channel));
    steps.push({
      step: i + 1,
      type,
      target,
      does: d.does,
      channel: d.channel,
      ready: !reason,
      reason: reason ?? null,
    });
  }
  ctx.logDetail = keepText('log.preplanTest', {
    id: String(plan.id),
    ready: steps.filter((s) => s.ready).length,
    steps: steps.length,
  });
  return { plan: plan.name, enabled: Boolean(plan.enabled), ready: steps.every((s) => s.ready), steps };
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const preplanVerbs: readonly Registration[] = [preplanTestVerb];
