import { Code, say, texts } from '@igs/contract';
import { type SceneOtherDetail, sceneOtherCalls, sceneOtherOpsCalls } from '@igs/contract/calls';
import { scenarioOther } from '@igs/contract/extras';
import { defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { scoped } from '../../platform/resources/scope.ts';
import {
  changedFields,
  deleteSingleton,
  hasStored,
  mergeAndValidate,
  publicView,
  readSingleton,
  type Values,
  writeSingleton,
} from '../../platform/singletons/store.ts';

/**
 * `index/scenario_other` (DOMAIN 2.8, the /otherconfig route): Wi-Fi, front desk, check-out time,
 * service QR link and notice. Each site has its values; a scene may override them with its own
 * (`scene_id`), and `inherit` drops the override again.
 */

/** The Wi-Fi QR payload phones understand (`WIFI:T:WPA;S:…;P:…;;`), special characters escaped. */
export function wifiQrText(ssid: string, password: string): string {
  if (!ssid) return '';
  const esc = (s: string) => s.replace(/([\\;,:"])/g, '\\$1');
  return password ? `WIFI:T:WPA;S:${esc(ssid)};P:${esc(password)};;` : `WIFI:T:nopass;S:${esc(ssid)};;`;
}

const keyOf = (sceneId: number) =>
  sceneId ? `${scenarioOther.table}:scene:${sceneId}` : scenarioOther.table;

async function requireScene(ctx: SignedInContext, site: number, sceneId: number): Promise<void> {
  if (!sceneId) return;
  const found = await scoped(ctx)
    .selectFrom('smart_scene', [site])
    .select('id')
    .where('id', '=', sceneId)
    .executeTakeFirst();
  if (!found)
    throw new ApiError(Code.notFound, say(ctx.lang, 'smart.applicationScenarioNotFound', { sceneId }));
}

/** A scene's values: its own, else the site's. */
async function effective(
  ctx: SignedInContext,
  site: number,
  sceneId: number,
): Promise<{ values: Values; inherited: boolean }> {
  const own = sceneId ? await hasStored(ctx.app, keyOf(sceneId), site) : true;
  const values = await readSingleton(ctx.app, scenarioOther, site, own ? keyOf(sceneId) : keyOf(0));
  return { values, inherited: !own };
}

export const sceneOtherActions = [sceneOtherCalls, sceneOtherOpsCalls].flatMap((calls) => [
  defineCallAction(calls.detail, {
    summary:
      'Scenario other settings of the site, or of one scene (scene_id; inherited says it has none of its own)',
    access: 'module',
    async handler(ctx, input) {
      const site = ctx.scope.writeSite();
      await requireScene(ctx, site, input.scene_id);
      const { values, inherited } = await effective(ctx, site, input.scene_id);
      return {
        // The settings' fields, each a string (str, time and text fields), and secret_set.
        ...(publicView(scenarioOther, values) as Omit<
          SceneOtherDetail,
          'scene_id' | 'inherited' | 'wifi_qr_text'
        >),
        scene_id: input.scene_id,
        inherited,
        wifi_qr_text: wifiQrText(String(values.wifi_ssid ?? ''), String(values.wifi_password ?? '')),
      };
    },
  }),
  defineCallAction(calls.form, {
    summary:
      'Saves the scenario other settings of the site or of one scene; inherit 1 drops a scene override',
    access: 'module',
    async handler(ctx, body) {
      const site = ctx.scope.writeSite();
      await requireScene(ctx, site, body.scene_id);
      if (Number(body.inherit) === 1) {
        if (!body.scene_id) throw new ApiError(Code.badRequest, texts('smart.inheritNeedsScene'));
        const dropped = await deleteSingleton(ctx.app, keyOf(body.scene_id), site);
        ctx.logDetail = `scene #${body.scene_id}: ${dropped ? 'override dropped' : 'no override'}`;
        return {};
      }
      const { values: current } = await effective(ctx, site, body.scene_id);
      const values = mergeAndValidate(scenarioOther, current, body, ctx.lang);
      await writeSingleton(ctx.app, keyOf(body.scene_id), site, values, ctx.caller.user.username);
      ctx.logDetail = `${body.scene_id ? `scene #${body.scene_id}` : 'site'}: ${changedFields(scenarioOther, current, values).join(', ') || 'no change'}`;
      return {};
    },
  }),
]);
