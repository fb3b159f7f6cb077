import { Code, type Envelope, say } from '@igs/contract';
import { explorerButton, explorerPath } from '@igs/contract/menus';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { requireModule } from '../../platform/auth/permissions.ts';
import { authenticate } from '../../platform/auth/sessions.ts';
import { requirePasswordChanged } from '../../platform/auth/weak-password-gate.ts';
import { type Caller, defineAction, type SignedInContext } from '../../platform/http/action.ts';
import { errorEnvelope } from '../../platform/http/dispatch.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { noteAnonymousCall } from '../../platform/http/rate-limits.ts';
import { countAnonymousRefusal } from '../../platform/http/refusal-summary.ts';
import { requestIp, requestLang } from '../../platform/http/request-info.ts';
import { writeOperationLog } from '../../platform/logging/operation-log.ts';
import { siteScope } from '../../platform/resources/scope.ts';
import type { UploadKind } from '../../platform/uploads/kinds.ts';
import { receive } from '../../platform/uploads/routes.ts';
import { folderIn } from './folders.ts';

/** The kinds a library file may have (an avatar is a profile's own, not a library file). */
const LIBRARY_KINDS: readonly UploadKind[] = ['image', 'audio', 'video', 'apk', 'firmware', 'text'];

/**
 * `<prefix>/explorer/upload`: multipart {kind, folder_id, file}, in this order, into a folder
 * (DOMAIN 3.6: "in operations mode, /operations/explorer/…"). The file goes through the upload
 * feature's own checks (type from the content, size per kind, generated name). It is a route of
 * its own, not a dispatcher action, because the dispatcher buffers multipart files in memory and
 * a video may be gigabytes: the same access check (menu endpoint and `explorer:upload`) and the
 * same operation-log entry are made here.
 */
export function registerExplorerUploads(fastify: FastifyInstance, app: AppContext): void {
  for (const mode of ['full', 'operations'] as const) {
    const spec = defineAction({
      path: explorerPath(mode, 'upload'),
      summary: 'Explorer: uploads a file into a folder',
      access: 'module',
      mutates: true,
      button: explorerButton('upload'),
      input: z.unknown(),
      handler: async () => null,
    });
    fastify.post(spec.path, async (req, reply) => {
      const lang = requestLang(req);
      const ip = requestIp(req);
      let caller: Caller | undefined;
      let envelope: Envelope;
      let detail = '';
      try {
        caller = await authenticate(app, req);
        requirePasswordChanged(caller, spec);
        const ctx: SignedInContext = {
          app,
          req,
          reply,
          ip,
          lang,
          caller,
          scope: siteScope(caller, req),
          files: [],
          extra: {},
        };
        await requireModule(app, caller, spec, ctx);
        const site = ctx.scope.writeSite();
        const data = await receive(app, req, caller, {
          site,
          kinds: LIBRARY_KINDS,
          folder: async (fields) => {
            const raw = (fields.folder_id ?? '').trim();
            if (raw === '' || raw === '0') return null;
            const id = Number(raw);
            const folder =
              Number.isInteger(id) && id > 0 ? await folderIn(app.db.kysely, id, [site]) : undefined;
            if (!folder)
              throw new ApiError(
                Code.notFound,
                say(lang, 'explorer.parentNotFound', { raw: raw.slice(0, 20) }),
                { errors: [{ field: 'folder_id', msg: 'not found' }] },
              );
            return folder.id;
          },
        });
        envelope = { code: Code.ok, msg: 'ok', data };
        detail = `${String(data.name)} in folder #${String(data.folder_id ?? 0)}`;
      } catch (e) {
        envelope = errorEnvelope(app, e, lang, req);
        detail = envelope.msg;
        // The client may still be sending the refused file: end the connection with the reply.
        reply.header('connection', 'close');
      }
      if (!caller && envelope.code !== Code.ok) {
        // Refused without a valid session: counted, summarised in the log once a minute.
        countAnonymousRefusal(app, ip, req.url, envelope.code);
        await noteAnonymousCall(app, req);
      } else {
        await writeOperationLog(app, {
          req,
          ip,
          caller,
          // As the dispatcher logs the other explorer writes: the path's prefix, no method.
          module: explorerButton('upload'),
          action: '',
          code: envelope.code,
          detail,
        }).catch((e) => app.log.error({ err: e }, 'operation log write failed'));
      }
      return reply.send(envelope);
    });
  }
}
