import { Code, type Lang, say } from '@igs/contract';
import {
  type CallArgs,
  EXPLORER_KINDS,
  ExplorerDelInput,
  type ExplorerEntry,
  type ExplorerKind,
  ExplorerRenameInput,
  explorerCalls,
  explorerOpsCalls,
} from '@igs/contract/calls';
import { explorerButton } from '@igs/contract/menus';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.ts';
import { type AnyAction, defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { validationError, zodMessages } from '../../platform/http/dispatch.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { scoped } from '../../platform/resources/scope.ts';
import type { UploadKind } from '../../platform/uploads/kinds.ts';
import { signedFileUrl } from '../../platform/uploads/routes.ts';
import { removeUpload } from '../../platform/uploads/stored.ts';
import { buildTree, type Folder, folderIn, MAX_DEPTH, pathOf, siblingNamed } from './folders.ts';
import { checkedName, FILE_NAME_MAX, FOLDER_NAME_MAX } from './names.ts';
import { fileReferences } from './references.ts';

/**
 * The ResourcePicker's file explorer (DOMAIN 1.2): folders are a tree per site (`explorer_folders`),
 * files are the uploads (DOMAIN 3.6), each in a folder or at the root. Every call exists twice,
 * `/admin.php/explorer/<verb>` (site 0) and `/operations/explorer/<verb>` (the sites of igs-sids;
 * a write names exactly one). The path names the action, so no `method` is needed; writes need the
 * key `explorer:<verb>`. Upload into a folder: upload.ts.
 */

const db = (ctx: SignedInContext): Kysely<Database> => ctx.app.db.kysely;

/** The picker's kinds (the field's accept, contract EXPLORER_KINDS), over the upload kinds of features/uploads. */
export { EXPLORER_KINDS };

const KIND_OF_UPLOAD: Record<Exclude<ExplorerKind, 'other'>, string[]> = {
  image: ['image', 'avatar'],
  video: ['video'],
  audio: ['audio'],
  apk: ['apk'],
};
const NAMED_KINDS = Object.values(KIND_OF_UPLOAD).flat();

export function explorerKindOf(uploadKind: string): ExplorerKind {
  for (const [k, list] of Object.entries(KIND_OF_UPLOAD))
    if (list.includes(uploadKind)) return k as ExplorerKind;
  return 'other';
}

function folderNotFound(lang: Lang, id: number): ApiError {
  return new ApiError(Code.notFound, say(lang, 'explorer.folderNotFound', { id }));
}

/** A folder the call may see (read) or change (write), or 404 naming it. */
async function scopedFolder(
  ctx: SignedInContext,
  id: number,
  sites: readonly number[] | null,
): Promise<Folder> {
  const folder = await folderIn(db(ctx), id, sites);
  if (!folder) throw folderNotFound(ctx.lang, id);
  return folder;
}

function duplicateName(lang: Lang, name: string): ApiError {
  const msg = say(lang, 'explorer.folderNamedAlreadyExists', { name });
  return new ApiError(Code.conflict, msg, { errors: [{ field: 'name', msg }] });
}

/** A unique violation that raced past the sibling check still answers 409. */
function rethrowUnique(e: unknown, lang: Lang, name: string): never {
  const text = String((e as { message?: string })?.message ?? '');
  if (/unique|duplicate key/i.test(text)) throw duplicateName(lang, name);
  throw e;
}

function fileEntry(r: {
  id: string;
  name: string;
  kind: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  folder_id: number | null;
  site_id: number;
  created_at: number;
}) {
  return {
    type: 'file' as const,
    id: r.id,
    name: r.name,
    kind: explorerKindOf(r.kind),
    mime: r.mime,
    size: Number(r.size),
    width: r.width === null ? null : Number(r.width),
    height: r.height === null ? null : Number(r.height),
    folder_id: r.folder_id === null ? 0 : Number(r.folder_id),
    site_id: Number(r.site_id),
    created_at: formatDateTime(Number(r.created_at)),
  };
}

async function list(ctx: SignedInContext, input: CallArgs<typeof explorerCalls.list>) {
  const sites = ctx.scope.read;
  const k = db(ctx);
  const folder = input.folder_id ? await scopedFolder(ctx, input.folder_id, sites) : null;
  // A folder belongs to one site: inside it, only that site's entries.
  const scope = folder ? [folder.site_id] : sites;
  const like = ctx.app.db.kind === 'postgres' ? ('ilike' as const) : ('like' as const);
  const words = input.keyword ? `%${input.keyword}%` : '';

  let dirs = scoped(ctx).selectFrom('explorer_folders', scope).where('parent_id', '=', input.folder_id);
  if (words) dirs = dirs.where('name', like, words);

  let files = scoped(ctx).selectFrom('uploads', scope);
  files = folder ? files.where('folder_id', '=', folder.id) : files.where('folder_id', 'is', null);
  if (words) files = files.where('name', like, words);
  if (input.kind === 'other') files = files.where('kind', 'not in', NAMED_KINDS);
  else if (input.kind) files = files.where('kind', 'in', KIND_OF_UPLOAD[input.kind]);

  const [{ n: dirCount }, { n: fileCount }] = await Promise.all([
    dirs.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    files.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const nDirs = Number(dirCount);
  const offset = (input.page - 1) * input.limit;
  // One list, folders first: a page takes the folders in its window, then files.
  const dirRows =
    offset < nDirs
      ? await dirs
          .selectAll()
          .orderBy(
            input.sort === 'created_at' ? 'created_at' : 'name',
            input.sort === 'size' ? 'asc' : input.order,
          )
          .orderBy('id')
          .limit(input.limit)
          .offset(offset)
          .execute()
      : [];
  const room = input.limit - dirRows.length;
  const fileRows =
    room > 0
      ? await files
          .selectAll()
          .orderBy(input.sort, input.order)
          .orderBy('id')
          .limit(room)
          .offset(Math.max(0, offset - nDirs))
          .execute()
      : [];
  const entries: ExplorerEntry[] = dirRows.map((d) => ({
    type: 'dir' as const,
    id: d.id,
    name: d.name,
    parent_id: d.parent_id,
    site_id: d.site_id,
    created_at: formatDateTime(Number(d.created_at)),
  }));
  // Images get the longer link life: the picker shows them as thumbnails.
  for (const r of fileRows)
    entries.push({ ...fileEntry(r), url: await signedFileUrl(ctx.app, r.id, r.kind as UploadKind) });
  return {
    list: entries,
    total: nDirs + Number(fileCount),
    dirs: nDirs,
    files: Number(fileCount),
    folder: folder
      ? { id: folder.id, name: folder.name, parent_id: folder.parent_id, site_id: folder.site_id }
      : null,
    path: folder ? (await pathOf(k, folder)).map((f) => ({ id: f.id, name: f.name })) : [],
  };
}

async function resTree(ctx: SignedInContext) {
  return buildTree(await scoped(ctx).selectFrom('explorer_folders').selectAll().execute());
}

async function createDir(ctx: SignedInContext, input: CallArgs<typeof explorerCalls.createDir>) {
  const site = ctx.scope.writeSite();
  const name = checkedName(input.name, FOLDER_NAME_MAX, ctx.lang);
  const k = db(ctx);
  if (input.parent_id) {
    const parent = await scopedFolder(ctx, input.parent_id, [site]);
    if ((await pathOf(k, parent)).length >= MAX_DEPTH)
      throw new ApiError(Code.invalid, say(ctx.lang, 'explorer.foldersNestMostDeep', { max: MAX_DEPTH }), {
        errors: [{ field: 'parent_id', msg: 'too deep' }],
      });
  }
  if (await siblingNamed(k, site, input.parent_id, name)) throw duplicateName(ctx.lang, name);
  const now = ctx.app.now();
  const row = await k
    .insertInto('explorer_folders')
    .values({
      site_id: site,
      parent_id: input.parent_id,
      name,
      user_id: ctx.caller.user.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch((e) => rethrowUnique(e, ctx.lang, name));
  ctx.logDetail = `folder #${row.id} "${name}" in #${input.parent_id}`;
  return { id: row.id };
}

/** The body of rename or del by its union (contract): a call's input is an object, so it is checked here. */
function checked<S extends typeof ExplorerRenameInput | typeof ExplorerDelInput>(
  ctx: SignedInContext,
  schema: S,
  body: unknown,
): ReturnType<S['parse']> {
  const parsed = schema.safeParse(body, zodMessages(ctx.lang));
  if (!parsed.success) throw validationError(parsed.error, ctx.lang);
  return parsed.data as ReturnType<S['parse']>;
}

async function rename(ctx: SignedInContext, body: unknown) {
  const input = checked(ctx, ExplorerRenameInput, body);
  const site = ctx.scope.writeSite();
  const k = db(ctx);
  if (input.type === 'dir') {
    const folder = await scopedFolder(ctx, input.id, [site]);
    const name = checkedName(input.name, FOLDER_NAME_MAX, ctx.lang);
    if (await siblingNamed(k, site, folder.parent_id, name, folder.id)) throw duplicateName(ctx.lang, name);
    await scoped(ctx)
      .updateTable('explorer_folders', [site])
      .set({ name, updated_at: ctx.app.now() })
      .where('id', '=', folder.id)
      .execute()
      .catch((e) => rethrowUnique(e, ctx.lang, name));
    ctx.logDetail = `folder #${folder.id} "${folder.name}" -> "${name}"`;
    return { id: folder.id };
  }
  const file = await scoped(ctx)
    .selectFrom('uploads', [site])
    .select(['id', 'name'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!file) throw new ApiError(Code.notFound, say(ctx.lang, 'explorer.fileNotFound'));
  const name = checkedName(input.name, FILE_NAME_MAX, ctx.lang);
  await scoped(ctx).updateTable('uploads', [site]).set({ name }).where('id', '=', file.id).execute();
  ctx.logDetail = `file ${file.id} "${file.name}" -> "${name}"`;
  return { id: file.id };
}

async function deleteDirs(ctx: SignedInContext, ids: number[], site: number) {
  const unique = [...new Set(ids)];
  const folders = await scoped(ctx)
    .selectFrom('explorer_folders', [site])
    .selectAll()
    .where('id', 'in', unique)
    .execute();
  const missing = unique.filter((id) => !folders.some((f) => f.id === id));
  if (missing.length) throw folderNotFound(ctx.lang, missing[0]!);
  for (const f of folders) {
    const [{ n: subs }, { n: files }] = await Promise.all([
      scoped(ctx)
        .selectFrom('explorer_folders', [site])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('parent_id', '=', f.id)
        .executeTakeFirstOrThrow(),
      scoped(ctx)
        .selectFrom('uploads', [site])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('folder_id', '=', f.id)
        .executeTakeFirstOrThrow(),
    ]);
    if (Number(subs) || Number(files)) {
      const msg = say(ctx.lang, 'explorer.cannotDeleteFolderStill', {
        name: f.name,
        folders: Number(subs),
        files: Number(files),
      });
      throw new ApiError(Code.conflict, msg, { id: f.id, folders: Number(subs), files: Number(files) });
    }
  }
  const r = await scoped(ctx)
    .deleteFrom('explorer_folders', [site])
    .where('id', 'in', unique)
    .executeTakeFirst();
  ctx.logDetail = `folders ${folders.map((f) => `#${f.id} "${f.name}"`).join(', ')}`;
  return { deleted: Number(r.numDeletedRows) };
}

async function deleteFiles(ctx: SignedInContext, ids: string[], site: number) {
  const k = db(ctx);
  const unique = [...new Set(ids)];
  const rows = await scoped(ctx)
    .selectFrom('uploads', [site])
    .select(['id', 'name', 'file'])
    .where('id', 'in', unique)
    .execute();
  if (rows.length !== unique.length)
    throw new ApiError(Code.notFound, say(ctx.lang, 'explorer.fileNotFound'));
  const refs = await fileReferences(k, unique, ctx.lang);
  if (refs.length) {
    const first = rows.find((r) => r.id === refs[0]!.id)!;
    const users = refs
      .filter((r) => r.id === first.id)
      .map((r) => `${r.count} ${r.entity}`)
      .join(', ');
    const msg = say(ctx.lang, 'explorer.cannotDeleteStillUsed', { name: first.name, users });
    throw new ApiError(Code.conflict, msg, { refs });
  }
  const r = await scoped(ctx).deleteFrom('uploads', [site]).where('id', 'in', unique).executeTakeFirst();
  // The rows are gone: the files can no longer be served; remove them from the file store too.
  for (const row of rows)
    await removeUpload(ctx.app, row.file).catch((e) => {
      ctx.app.log.warn({ err: e, file: row.file }, 'could not remove a deleted upload');
    });
  ctx.logDetail = `files ${rows.map((f) => `"${f.name}"`).join(', ')}`;
  return { deleted: Number(r.numDeletedRows) };
}

async function del(ctx: SignedInContext, body: unknown) {
  const input = checked(ctx, ExplorerDelInput, body);
  const site = ctx.scope.writeSite();
  return input.type === 'dir' ? deleteDirs(ctx, input.ids, site) : deleteFiles(ctx, input.ids, site);
}

function actionsOf(calls: typeof explorerCalls): AnyAction[] {
  return [
    defineCallAction(calls.list, {
      summary:
        "Explorer: a folder's subfolders then its files (folder_id, 0 the root), paged, by kind and name keyword: {list, total, dirs, files, folder, path}",
      access: 'module',
      mutates: false,
      handler: list,
    }),
    defineCallAction(calls.tree, {
      summary: 'Explorer: the folder tree, [{id, name, parent_id, site_id, children}]',
      access: 'module',
      mutates: false,
      handler: resTree,
    }),
    defineCallAction(calls.createDir, {
      summary: 'Explorer: a new folder {parent_id, name}; 409 when the parent has one of that name',
      access: 'module',
      mutates: true,
      button: explorerButton('creat_dir'),
      handler: createDir,
    }),
    defineCallAction(calls.rename, {
      summary: 'Explorer: renames a folder or a file {type: dir|file, id, name}',
      access: 'module',
      mutates: true,
      button: explorerButton('rename'),
      handler: rename,
    }),
    defineCallAction(calls.del, {
      summary:
        'Explorer: deletes folders or files {type: dir|file, ids}; 409 for a folder that is not empty or a file a record still uses, deleting nothing',
      access: 'module',
      mutates: true,
      button: explorerButton('del'),
      handler: del,
    }),
  ];
}

export const explorerActions: AnyAction[] = [...actionsOf(explorerCalls), ...actionsOf(explorerOpsCalls)];
