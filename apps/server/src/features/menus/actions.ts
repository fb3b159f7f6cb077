import { Paths } from '@igs/contract';
import { type PermissionMenu, permissionTreeCalls } from '@igs/contract/calls';
import { z } from 'zod';
import { defineAction, defineCallAction } from '../../platform/http/action.ts';
import { acceptedEncoding, encodedMenuReply } from './menu-reply.ts';
import { buildTree, grantsOf } from './menu-tree.ts';

export const menuActions = [
  defineAction({
    path: Paths.authMenu,
    summary:
      "The caller's menu tree for the session's mode (data) and granted button keys (Button, beside data)",
    access: 'session',
    mutates: false,
    input: z.object({}).loose(),
    // Sent pre-encoded from a cache (menu-reply.ts); the envelope is the usual {code, msg, data, Button}.
    raw: true,
    async handler(ctx) {
      const { app, caller, req, reply } = ctx;
      const grants = await grantsOf(
        app,
        caller.user.role_id,
        caller.isOperations ? 'operations' : 'full',
        ctx.lang,
      );
      const encoding = acceptedEncoding(req.headers['accept-encoding']);
      reply
        .code(200)
        .header('content-type', 'application/json; charset=utf-8')
        .header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      await reply.send(encodedMenuReply(grants, encoding));
    },
  }),

  defineCallAction(permissionTreeCalls.tree, {
    summary: 'Every menu of both modes with its button keys, for permission management',
    access: 'module',
    mutates: false,
    async handler({ app }) {
      const menus = await app.db.kysely.selectFrom('menus').selectAll().orderBy('sort').execute();
      const buttons = await app.db.kysely.selectFrom('menu_buttons').selectAll().execute();
      const byMenu = new Map<number, string[]>();
      for (const b of buttons) byMenu.set(b.menu_id, [...(byMenu.get(b.menu_id) ?? []), b.key]);
      const withButtons = (mode: 'full' | 'operations') => {
        const list = menus.filter((m) => m.mode === mode);
        const tree = buildTree(list);
        const ids = new Map(list.map((m) => [m.name, m.id]));
        const decorate = (nodes: ReturnType<typeof buildTree>): PermissionMenu[] =>
          nodes.map((n) => ({
            ...n,
            id: ids.get(n.name)!,
            buttons: byMenu.get(ids.get(n.name)!) ?? [],
            children: n.children ? decorate(n.children) : undefined,
          }));
        return decorate(tree);
      };
      return { full: withButtons('full'), operations: withButtons('operations') };
    },
  }),
];
