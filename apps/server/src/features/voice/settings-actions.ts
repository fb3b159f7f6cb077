import {
  Code,
  duplicateFeatureCodes,
  featureCodeTwiceMessage,
  VOICE_FEATURE_CODES,
  voiceAdvancedSchema,
  voiceBasicSchema,
} from '@igs/contract';
import { voiceSettingsCalls } from '@igs/contract/calls';
import { type ActionContext, defineCallAction } from '../../platform/http/action.ts';
import { validationError } from '../../platform/http/dispatch.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { collisionError, numberOwner } from './numbering-plan.ts';
import { otherServicePorts, portClashes } from './port-clash.ts';
import { regenerateVoiceFiles } from './regenerate.ts';
import { loadAdvanced, loadBasic, saveSetting } from './settings-store.ts';

/**
 * voice/BasicSettings and voice/AdvancedSettings (DOMAIN section 2.2): singletons read with
 * `detail` and changed with `form` (the whole form) or `edit` (some fields); omitted fields keep
 * their value, the rules between fields are checked on the result, and nothing is stored when any
 * rule fails. A change regenerates the voice files (pjsip transports, rtp.conf, features.conf,
 * dialplan globals) under DATA_DIR.
 */

function changedKeys(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return Object.keys(b).filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

async function editBasic(ctx: ActionContext, body: Record<string, unknown>) {
  const db = ctx.app.db.kysely;
  const current = await loadBasic(db);
  const parsed = voiceBasicSchema(current, ctx.lang).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, ctx.lang, false);
  const value = parsed.data;
  const clashes = portClashes(value, await otherServicePorts(ctx.app), ctx.lang);
  if (clashes.length) throw new ApiError(Code.invalid, clashes[0]!.msg, { errors: clashes });
  await saveSetting(db, 'basic', value, ctx.app.now());
  ctx.logDetail = `changed: ${changedKeys(current, value).join(', ') || 'nothing'}`;
  await regenerateVoiceFiles(ctx.app);
  return {};
}

async function editAdvanced(ctx: ActionContext, body: Record<string, unknown>) {
  const db = ctx.app.db.kysely;
  const current = await loadAdvanced(db);
  const parsed = voiceAdvancedSchema(current, ctx.lang).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, ctx.lang, false);
  const value = parsed.data;
  // Feature codes are numbers of the plan: none twice, none held by another number.
  const [dup] = duplicateFeatureCodes(value);
  if (dup) {
    const [code, fields] = dup;
    const msg = featureCodeTwiceMessage(code, fields, ctx.lang);
    throw new ApiError(Code.conflict, msg, { errors: [{ field: fields[1], msg }] });
  }
  for (const k of VOICE_FEATURE_CODES) {
    if (value[k] === current[k]) continue;
    const owner = await numberOwner(db, 0, value[k], { resource: 'voice:advanced' }, value);
    if (owner) throw collisionError(k, value[k], owner, ctx.lang);
  }
  await saveSetting(db, 'advanced', value, ctx.app.now());
  ctx.logDetail = `changed: ${changedKeys(current, value).join(', ') || 'nothing'}`;
  await regenerateVoiceFiles(ctx.app);
  return {};
}

export const voiceSettingsActions = [
  defineCallAction(voiceSettingsCalls.basic, {
    summary:
      'Voice basic settings: SIP ports and transports, RTP range, NAT, codecs, DTMF, language, extension length',
    access: 'module',
    async handler(ctx) {
      return loadBasic(ctx.app.db.kysely);
    },
  }),
  ...(['form', 'edit'] as const).map((method) =>
    defineCallAction(method === 'form' ? voiceSettingsCalls.basicForm : voiceSettingsCalls.basicEdit, {
      summary: `Voice basic settings: ${method === 'form' ? 'save the whole form' : 'change some fields'}; regenerates pjsip.conf and rtp.conf`,
      access: 'module',
      handler: (ctx, body) => editBasic(ctx, body),
    }),
  ),
  defineCallAction(voiceSettingsCalls.advanced, {
    summary:
      'Voice advanced settings: ring timeout, call limit, recording, qualify, music on hold, feature codes',
    access: 'module',
    async handler(ctx) {
      return loadAdvanced(ctx.app.db.kysely);
    },
  }),
  ...(['form', 'edit'] as const).map((method) =>
    defineCallAction(method === 'form' ? voiceSettingsCalls.advancedForm : voiceSettingsCalls.advancedEdit, {
      summary: `Voice advanced settings: ${method === 'form' ? 'save the whole form' : 'change some fields'}; regenerates features.conf and the dialplan`,
      access: 'module',
      handler: (ctx, body) => editAdvanced(ctx, body),
    }),
  ),
];
