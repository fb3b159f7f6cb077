import { appResourceCalls } from '@igs/contract/calls';
import { defineCallAction } from '../../platform/http/action.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { scoped } from '../../platform/resources/scope.ts';
import { signedFileUrl } from '../../platform/uploads/routes.ts';
import { uploadSitesInReach } from '../../platform/uploads/site.ts';

/**
 * `/operations/index/app_resource` (DOMAIN 2.10: "feeds the ResourcePicker"): the uploaded
 * images an app menu item may take as its `icon` or `focus_icon`, newest first, each with a signed
 * URL for the preview (a `file` field holds only the upload id, and no other call turns an id back
 * into a URL).
 *
 * Beside the explorer's `list` (features/explorer), which browses one folder of every kind, this
 * answers the images of all folders at once: what an icon can be. It is a read, like `list`.
 *
 * Scope in operations mode: the images uploaded to the caller's sites (igs-sids), those the app
 * menu items of those sites already use (uploaded before uploads carried a site), and the images
 * the caller uploaded; of these, only those in reach of a record of the caller's sites
 * (uploads/site.ts: those sites' and the gateway's), which an item of those sites may take as its
 * icon: a link is never signed to another site's image, be it named by a menu item stored before
 * writes refused it or uploaded by the caller in another site. An account that reaches every site
 * sees every image.
 */
export const appResourceActions = [
  defineCallAction(appResourceCalls.list, {
    summary: 'Images usable as app menu icons, of the caller sites: {list: [{id, name, url, …}], total}',
    access: 'module',
    async handler(ctx, input) {
      const db = ctx.app.db.kysely;
      const sites = ctx.scope.read;
      // An image of the gateway (site 0) is offered when it is the caller's own or one of the sites'
      // icons; one of another site than the caller's, never.
      let q = db.selectFrom('uploads').where('kind', '=', 'image');
      if (sites) {
        const icons = scoped(ctx)
          .selectFrom('smart_app_menu')
          .select('icon as id')
          .where('icon', 'is not', null)
          .union(
            scoped(ctx)
              .selectFrom('smart_app_menu')
              .select('focus_icon as id')
              .where('focus_icon', 'is not', null),
          );
        q = q
          .where('site_id', 'in', uploadSitesInReach(sites))
          .where((eb) =>
            eb.or([
              eb('site_id', 'in', sites),
              eb('user_id', '=', ctx.caller.user.id),
              eb('id', 'in', icons),
            ]),
          );
      }
      if (input.keyword) {
        const like = ctx.app.db.kind === 'postgres' ? 'ilike' : 'like';
        q = q.where('name', like, `%${input.keyword}%`);
      }
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .select(['id', 'name', 'mime', 'size', 'width', 'height', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .limit(input.limit)
          .offset((input.page - 1) * input.limit)
          .execute(),
      ]);
      const list = [];
      for (const r of rows)
        list.push({
          id: String(r.id),
          name: String(r.name),
          url: await signedFileUrl(ctx.app, String(r.id), 'image'),
          mime: String(r.mime),
          size: Number(r.size),
          width: r.width === null ? null : Number(r.width),
          height: r.height === null ? null : Number(r.height),
          created_at: formatDateTime(Number(r.created_at)),
        });
      return { list, total: Number(total) };
    },
  }),
];
