import { z } from 'zod';
import { type ExplorerVerb, explorerPath } from '../menus/explorer.ts';
import { defineCall } from './define.ts';

/**
 * The ResourcePicker's file explorer (DOMAIN 1.2): folders per site, files are the uploads. Every
 * call exists twice, `/admin.php/explorer/<verb>` (explorerCalls) and `/operations/explorer/<verb>`
 * (explorerOpsCalls); the path names the call, so no `method` is sent. The upload into a folder is
 * a multipart route of its own (the server's explorer/upload.ts), not one of these calls.
 */

/** The picker's kinds (a file field's accept), over the upload kinds. */
export const EXPLORER_KINDS = ['image', 'video', 'audio', 'apk', 'other'] as const;
export const ExplorerKind = z.enum(EXPLORER_KINDS);
export type ExplorerKind = z.infer<typeof ExplorerKind>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FolderId = z.coerce
  .number({ error: 'folder_id must be a folder id' })
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const Name = z.string({ error: 'name is required' }).max(1000, 'name is too long');

export const ExplorerListInput = z.object({
  /** 0: the root. */
  folder_id: FolderId.optional().default(0),
  page: z.coerce.number().int().min(1).optional().default(1),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
  keyword: z.string().trim().max(100).optional().default(''),
  kind: z
    .union([
      z.literal(''),
      z.enum(EXPLORER_KINDS, { error: `kind must be one of: ${EXPLORER_KINDS.join(', ')}` }),
    ])
    .optional()
    .default(''),
  sort: z
    .enum(['name', 'created_at', 'size'], { error: 'sort must be one of: name, created_at, size' })
    .optional()
    .default('created_at'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).optional().default('desc'),
});

export const ExplorerCreateInput = z.object({ parent_id: FolderId.optional().default(0), name: Name });

/**
 * The body of `rename`: a folder (numeric id) or a file (upload id). The server checks it with this
 * schema in its handler: a union has no place in a call's object input, which the call only sketches.
 */
export const ExplorerRenameInput = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('dir'),
      id: FolderId.refine((n) => n > 0, 'id must be a folder id'),
      name: Name,
    }),
    z.object({ type: z.literal('file'), id: z.string().regex(UUID, 'id must be a file id'), name: Name }),
  ],
  { error: 'type must be dir or file' },
);
export type ExplorerRenameInput = z.input<typeof ExplorerRenameInput>;

/** The body of `del`: folders or files, checked by the server's handler with this schema. */
export const ExplorerDelInput = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('dir'),
      ids: z
        .array(FolderId.refine((n) => n > 0, 'ids must be folder ids'))
        .min(1)
        .max(500),
    }),
    z.object({
      type: z.literal('file'),
      ids: z.array(z.string().regex(UUID, 'ids must be file ids')).min(1).max(500),
    }),
  ],
  { error: 'type must be dir or file' },
);
export type ExplorerDelInput = z.input<typeof ExplorerDelInput>;

export const ExplorerDirEntry = z.object({
  type: z.literal('dir'),
  id: z.number(),
  name: z.string(),
  parent_id: z.number(),
  site_id: z.number(),
  created_at: z.string(),
});
export const ExplorerFileEntry = z.object({
  type: z.literal('file'),
  /** The upload id. */
  id: z.string(),
  name: z.string(),
  kind: ExplorerKind,
  mime: z.string(),
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  /** 0: at the root. */
  folder_id: z.number(),
  site_id: z.number(),
  created_at: z.string(),
  /** A signed link to the file. */
  url: z.string(),
});
/** One entry of a folder: a subfolder or a file. */
export const ExplorerEntry = z.discriminatedUnion('type', [ExplorerDirEntry, ExplorerFileEntry]);
export type ExplorerEntry = z.infer<typeof ExplorerEntry>;

export const ExplorerList = z.object({
  /** Folders first, then files. */
  list: z.array(ExplorerEntry),
  total: z.number(),
  dirs: z.number(),
  files: z.number(),
  folder: z
    .object({ id: z.number(), name: z.string(), parent_id: z.number(), site_id: z.number() })
    .nullable(),
  /** The folders from the root down to this one. */
  path: z.array(z.object({ id: z.number(), name: z.string() })),
});
export type ExplorerList = z.infer<typeof ExplorerList>;

export interface ExplorerFolderNode {
  id: number;
  name: string;
  parent_id: number;
  site_id: number;
  children: ExplorerFolderNode[];
}
export const ExplorerFolderNode: z.ZodType<ExplorerFolderNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    parent_id: z.number(),
    site_id: z.number(),
    children: z.array(ExplorerFolderNode),
  }),
);

/** What rename and del take as the call's input; the server checks the body by the unions above. */
const loose = z.object({}).loose();

function explorerCallsOf(mode: 'full' | 'operations') {
  const path = (verb: ExplorerVerb) => explorerPath(mode, verb);
  return {
    list: defineCall({ path: path('list'), input: ExplorerListInput, output: ExplorerList }),
    /** Every folder of the caller's sites as a tree. */
    tree: defineCall({ path: path('res_tree'), input: loose, output: z.array(ExplorerFolderNode) }),
    createDir: defineCall({
      path: path('creat_dir'),
      input: ExplorerCreateInput,
      output: z.object({ id: z.number() }),
    }),
    rename: defineCall({
      path: path('rename'),
      input: loose as unknown as z.ZodType<ExplorerRenameInput, ExplorerRenameInput>,
      output: z.object({ id: z.union([z.number(), z.string()]) }),
    }),
    del: defineCall({
      path: path('del'),
      input: loose as unknown as z.ZodType<ExplorerDelInput, ExplorerDelInput>,
      output: z.object({ deleted: z.number() }),
    }),
  };
}

export const explorerCalls = explorerCallsOf('full');
export const explorerOpsCalls = explorerCallsOf('operations');
