import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../platform/app-context.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import { uploadKey } from '../../platform/uploads/stored.ts';
import { noteOnTask, TASKS, taskArgs } from '../device-tasks/index.ts';

/**
 * The files a Download names (TR-069 A.3.2.8): a CPE file of tr069/file (a firmware image, a
 * configuration file), served only to the CPE the task is for, at
 * `<file server>/files/<task id>.<secret>/<name>`.
 *
 * Where: on the CWMP listener (listener.ts), which also binds the ITMS `file_server_url` port when
 * that differs from `cwmp_port`. The CPE has already proved it reaches the ACS's host, so the
 * listener's own HTTP server is the one place a CPE-facing file has to be served from; a second
 * server would duplicate its body limits, logging and start-up. The URL's origin is the ITMS
 * `file_server_url` (so an operator may front it with another name), else the `acs_url`'s.
 *
 * The token: 24 random bytes, handed out each time the Download goes out and bound to that task;
 * only its SHA-256 is kept, in the task's arguments (the database, so any server instance sharing
 * it can serve the file), and it is compared in constant time. It answers while the task is
 * unsettled (pending, or sent while the CPE transfers) and for FILE_TOKEN_MS at most; after that,
 * or with a wrong secret, the answer is 404 and nothing is read from disk.
 */

/** How long a Download's token serves its file: a slow CPE fetching a large image over DSL. */
export const FILE_TOKEN_MS = 60 * 60_000;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{32})$/;

/** The base every served file's URL starts with. */
async function fileBase(app: AppContext): Promise<string> {
  const cfg = await itmsConfig(app);
  const raw = String(cfg.file_server_url || cfg.acs_url || '');
  try {
    return new URL(raw).origin;
  } catch {
    return '';
  }
}

/** A new token for the task's Download, stored (hashed) on the task; the URL the CPE is given. */
export async function issueFileUrl(app: AppContext, taskId: number, fileName: string): Promise<string> {
  const secret = randomBytes(24).toString('base64url');
  await noteOnTask(app.db.kysely, taskId, {
    fileToken: { sha256: sha256(secret), expires: app.now() + FILE_TOKEN_MS },
  });
  const name = encodeURIComponent(fileName.replace(/[/\\]/g, '_') || 'file');
  return `${await fileBase(app)}/files/${taskId}.${secret}/${name}`;
}

export interface ServedFile {
  status: number;
  headers: Record<string, string>;
  /** Opens the file to stream on 200 (from the file store). */
  open?: () => Promise<Readable>;
  body?: string;
  /** Called once the file was sent (or failed): the transfer is logged on the task. */
  finished?(bytes: number, ok: boolean): Promise<void>;
}

const notFound = (): ServedFile => ({
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: 'not found',
});

/** The file a `/files/<token>/<name>` path names, if its token is good now. */
export async function fileFor(app: AppContext, urlPath: string): Promise<ServedFile> {
  const m = /^\/files\/([^/]+)\/[^/]*$/.exec(urlPath.split('?')[0] ?? '');
  const t = m ? TOKEN.exec(m[1]!) : null;
  if (!t) return notFound();
  const db = app.db.kysely;
  const task = await db
    .selectFrom(TASKS)
    .select(['id', 'device_id', 'name', 'args', 'state'])
    .where('id', '=', Number(t[1]))
    .where('domain', '=', 'tr069')
    .executeTakeFirst();
  const args = taskArgs(task?.args);
  const stored = (args.fileToken ?? {}) as { sha256?: string; expires?: number };
  const given = Buffer.from(sha256(t[2]!), 'hex');
  const want = Buffer.from(String(stored.sha256 ?? ''), 'hex');
  const good = want.length === given.length && timingSafeEqual(given, want);
  if (
    !task ||
    !good ||
    task.name !== 'download' ||
    !['pending', 'sent'].includes(String(task.state)) ||
    Number(stored.expires ?? 0) < app.now()
  )
    return notFound();

  const file = await db
    .selectFrom('tr069_file')
    .select(['name', 'file'])
    .where('id', '=', Number(args.fileId))
    .executeTakeFirst();
  const upload = file?.file
    ? await db
        .selectFrom('uploads')
        .select(['file', 'size', 'mime'])
        .where('id', '=', String(file.file))
        .executeTakeFirst()
    : undefined;
  // The stored name comes from the database, never from the URL; the file is read from the
  // deployment's file store (platform/files), so any instance serves what was uploaded through
  // another. A row naming no well-formed upload file is a missing file.
  const key =
    upload && /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/.test(String(upload.file))
      ? uploadKey(String(upload.file))
      : null;
  const size = key ? ((await app.files.stat(key))?.size ?? -1) : -1;
  const logTransfer = async (bytes: number, result: string) => {
    app.log.info(
      {
        task: Number(task.id),
        device: Number(task.device_id),
        file: String(file?.name ?? ''),
        bytes,
        result,
      },
      'CWMP file transfer',
    );
    await noteOnTask(db, Number(task.id), {
      transfer: { at: app.now(), file: String(file?.name ?? ''), bytes, result },
    });
  };
  if (size < 0) {
    await logTransfer(0, 'file missing');
    return notFound();
  }
  return {
    status: 200,
    headers: {
      'content-type': 'application/octet-stream',
      'content-length': String(size),
      'cache-control': 'no-store',
    },
    open: () => app.files.get(key!),
    finished: (bytes, ok) => logTransfer(bytes, ok ? 'sent' : 'interrupted'),
  };
}
