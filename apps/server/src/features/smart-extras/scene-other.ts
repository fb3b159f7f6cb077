import { Code, say, texts } from '@igs/contract';
import { scenarioOther } from '@igs/contract/extras';
import { z } from 'zod';
import { defineAction, type SignedInContext } from '../../platform/http/action.ts';
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

const SceneId = z.coerce.number().int().min(0).optional().default(0);

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

export const sceneOtherActions = [scenarioOther.endpoint, scenarioOther.opsEndpoint!].flatMap((path) => [
  defineAction({
    path,
    method: 'detail',
    summary:
      'Scenario other settings of the site, or of one scene (scene_id; inherited says it has none of its own)',
    access: 'module',
    input: z.object({ method: z.literal('detail'), scene_id: SceneId }),
    async handler(ctx, input) {
      const site = ctx.scope.writeSite();
      await requireScene(ctx, site, input.scene_id);
      const { values, inherited } = await effective(ctx, site, input.scene_id);
      return {
        ...publicView(scenarioOther, values),
        scene_id: input.scene_id,
        inherited,
        wifi_qr_text: wifiQrText(String(values.wifi_ssid ?? ''), String(values.wifi_password ?? '')),
      };
    },
  }),
  defineAction({
    path,
    method: 'form',
    summary:
      'Saves the scenario other settings of the site or of one scene; inherit 1 drops a scene override',
    access: 'module',
    input: z
      .object({
        method: z.literal('form'),
        scene_id: SceneId,
        inherit: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
      })
      .loose(),
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
