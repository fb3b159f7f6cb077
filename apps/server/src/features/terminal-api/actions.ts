import { terminalApiCalls } from '@igs/contract/calls';
import { type AnyAction, defineCallAction } from '../../platform/http/action.ts';
import { ads } from './ads.ts';
import { ack, heartbeat } from './heartbeat.ts';
import { manifest } from './manifest.ts';
import { play } from './play.ts';
import { register } from './register.ts';
import { upgrade } from './upgrade.ts';

/**
 * The terminal-facing API (DOMAIN section 2, "Terminal-facing API"): set-top boxes, TVs and pads
 * call `/api/terminal/<call>` with a JSON body. `register` needs nothing; every other call needs
 * the terminal's token as `Authorization: Bearer <token>` (credentials.ts). These calls are device
 * traffic, not an operator's: they are not written to the operation log (the TerminalEvents say
 * what matters), and no menu or button key applies.
 */

export const TERMINAL_API = '/api/terminal';

export const terminalApiActions: AnyAction[] = [
  defineCallAction(terminalApiCalls.register, {
    summary: 'Terminal: registers a MAC (pending until authorised) and, once authorised, answers its token',
    access: 'public',
    mutates: false,
    handler: (ctx, input) => register(ctx, input),
  }),
  defineCallAction(terminalApiCalls.heartbeat, {
    summary: 'Terminal: marks it online; answers its queued commands and message replies',
    access: 'public',
    mutates: false,
    handler: (ctx, input) => heartbeat(ctx, input),
  }),
  defineCallAction(terminalApiCalls.ack, {
    summary:
      'Terminal: settles a command ({command_id, result}) or reports an upgrade ({release_id, result})',
    access: 'public',
    mutates: false,
    handler: (ctx, input) => ack(ctx, input),
  }),
  defineCallAction(terminalApiCalls.manifest, {
    summary: 'Terminal: its launcher (scene, template tiles, app menu, holiday theme, welcome texts)',
    access: 'public',
    mutates: false,
    handler: (ctx) => manifest(ctx),
  }),
  defineCallAction(terminalApiCalls.ads, {
    summary: 'Terminal: the boot, homepage, live and text ads active now for it',
    access: 'public',
    mutates: false,
    handler: (ctx) => ads(ctx),
  }),
  defineCallAction(terminalApiCalls.play, {
    summary: 'Terminal: stores play reports (one, or a batch of up to 200) as PlayRecords',
    access: 'public',
    mutates: false,
    handler: (ctx, input) => play(ctx, input),
  }),
  defineCallAction(terminalApiCalls.upgrade, {
    summary: 'Terminal: the newest published release of a package for its model and area',
    access: 'public',
    mutates: false,
    handler: (ctx, input) => upgrade(ctx, input),
  }),
];
