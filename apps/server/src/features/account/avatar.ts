import { randomUUID } from 'node:crypto';
import { Code, Paths } from '@igs/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import { readSmallFile } from '../../platform/files/index.ts';
import type { UploadedFile } from '../../platform/http/action.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { sniffImage } from '../../platform/lib/file-type.ts';

export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
const NAME = /^[0-9a-f-]{36}\.(jpg|png)$/;

/** An avatar's key in the file store (platform/files): `uploads/avatar/<name>`, shared by every instance. */
function avatarKey(name: string): string {
  return `uploads/avatar/${name}`;
}

/** Saves a JPG/PNG avatar (checked by content) under a generated name; returns its URL. */
export async function saveAvatar(app: AppContext, file: UploadedFile): Promise<string> {
  const kind = sniffImage(file.data);
  if (kind !== 'jpg' && kind !== 'png') throw invalidField('photo', 'avatarType');
  if (file.data.length > AVATAR_MAX_BYTES) throw invalidField('photo', 'avatarSize');
  const name = `${randomUUID()}.${kind}`;
  await app.files.put(avatarKey(name), file.data);
  return `${Paths.avatar}/${name}`;
}

export async function removeAvatar(app: AppContext, url: string): Promise<void> {
  const name = url.startsWith(`${Paths.avatar}/`) ? url.slice(Paths.avatar.length + 1) : '';
  if (NAME.test(name)) await app.files.delete(avatarKey(name));
}

/**
 * Avatars are served by generated, unguessable names (an <img> cannot send IGSAuth); the name is
 * checked against its pattern so no request can reach outside the avatar folder.
 */
export function registerAvatarRoute(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Params: { name: string } }>(`${Paths.avatar}/:name`, async (req, reply) => {
    const { name } = req.params;
    if (!NAME.test(name))
      return reply.code(404).send({ code: Code.notFound, msg: 'No such avatar', data: null });
    try {
      const data = await readSmallFile(app.files, avatarKey(name), AVATAR_MAX_BYTES);
      return reply
        .type(name.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    } catch {
      return reply.code(404).send({ code: Code.notFound, msg: 'No such avatar', data: null });
    }
  });
}
