import { buttonVerb, type Lang, type Localized, permissionPrefix, READ_METHODS } from '@igs/contract';
import type { AnyCall } from '@igs/contract/calls';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { CallerSites } from '../auth/sites.ts';
import type { Session, User } from '../db/schema.ts';

export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

export interface Caller {
  user: User;
  /** Null when the caller authenticated with a developer-mode key. */
  session: Session | null;
  isOperations: 0 | 1;
  /** Whether the account's role is granted every site (auth/sites.ts; else role_sites). */
  roleAllSites?: number;
  /** The grant and the registry an operations caller's sites are worked out from (auth/sites.ts). */
  sites?: CallerSites;
  /** The role's mode: only an operations role narrows the account's sites. */
  roleMode?: string;
}

export interface ActionContext {
  app: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
  ip: string;
  lang: Lang;
  /** Present for every access level but `public` (and on public calls that carried a valid token). */
  caller: Caller | undefined;
  /** The caller's sites, for session and module calls (see `SignedInContext`). */
  scope?: SiteScope;
  files: UploadedFile[];
  /** Envelope fields beside `data` (auth_menu's `Button`). */
  extra: Record<string, unknown>;
  /** Overrides the envelope's `msg` on success. */
  msg?: string;
  /** Extra text for the operation log (never secrets). */
  logDetail?: string;
}

/**
 * The sites a signed-in call reaches, worked out once per call from the account and the igs-sids
 * header (platform/resources/scope.ts `siteScope`), on first use: a call that never reads a
 * site-scoped table is not refused for its header.
 */
export interface SiteScope {
  /** Site 0 in full mode; in operations mode the named sites (null: every site). */
  readonly read: number[] | null;
  /** The one site a write goes to (400 when an operations call does not name exactly one). */
  writeSite(): number;
  /** The rows a change may touch: `[writeSite()]`. */
  readonly write: number[];
  /**
   * The sites igs-sids names in either mode (null: every site the account reaches): what a fleet
   * view such as the operations home reads, which a full-mode caller may open too.
   */
  readonly fleet: number[] | null;
}

/** The context of a session or module call: a signed-in caller and their sites. */
export interface SignedInContext extends ActionContext {
  caller: Caller;
  scope: SiteScope;
}

export type Access = 'public' | 'session' | 'module';

/** What a handler of this access level is given: public calls may have no caller. */
export type ContextFor<A extends Access> = A extends 'public' ? ActionContext : SignedInContext;

/**
 * One call of the API: a path plus, where the body's `method` picks the action, that method.
 * - public: anyone; session: any signed-in caller; module: the caller's role must hold a menu
 *   that lists this path, and mutating calls need the button key (DOMAIN section 3.4).
 */
export interface ActionSpec<S extends z.ZodType = z.ZodType, A extends Access = Access> {
  path: string;
  method?: string;
  summary: string;
  input: S;
  access: A;
  /** Defaults to true unless the method is a read method. Mutating calls go to the operation log. */
  mutates?: boolean;
  /** Overrides the button key derived from the path and method. */
  button?: string;
  httpMethod?: 'POST' | 'GET';
  /** Multipart file parts this call accepts; anything else is refused. */
  files?: { field: string; maxBytes: number; tooLargeMessage: string | Localized };
  /** The handler writes its own operation-log entries (login). */
  selfLogged?: boolean;
  /** The handler sends the reply itself (images, downloads); its return value is ignored. */
  raw?: boolean;
  /**
   * The reply's schema, from the contract's call (`defineCallAction`): dispatch checks every reply
   * against it when CHECK_REPLIES is on (tests, development), and the OpenAPI document shows it.
   */
  output?: z.ZodType;
  // Method syntax: a registry of specs of every access level holds each one's handler.
  handler(ctx: ContextFor<A>, input: z.output<S>): Promise<unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds specs of many input types
export type AnyAction = ActionSpec<any, Access>;

export function defineAction<S extends z.ZodType, A extends Access>(
  spec: ActionSpec<S, A>,
): ActionSpec<S, A> {
  return spec;
}

/**
 * An action that serves a call of the contract (`@igs/contract/calls`): its path, method, input and
 * output come from the call, so the handler's reply is checked by the type checker against what
 * the console expects, and at run time by dispatch under CHECK_REPLIES.
 */
export function defineCallAction<C extends AnyCall, A extends Access>(
  call: C,
  spec: Omit<ActionSpec<z.ZodType, A>, 'path' | 'method' | 'input' | 'output' | 'handler'> & {
    handler(ctx: ContextFor<A>, input: z.output<C['input']>): Promise<z.input<C['output']>>;
  },
): ActionSpec<z.ZodType, A> {
  return {
    ...spec,
    path: call.path,
    ...(call.method ? { method: call.method } : {}),
    input: withMethodField(call.input as z.ZodObject, call.method),
    output: call.output,
  };
}

/**
 * The call's body with its `method` field, made once per body and method: the generic calls of
 * ~400 endpoints share their bodies (contract calls/resource.ts), and so share this too.
 */
function withMethodField(input: z.ZodObject, method: string | undefined): z.ZodObject {
  let byMethod = bodiesWithMethod.get(input);
  if (!byMethod) {
    byMethod = new Map();
    bodiesWithMethod.set(input, byMethod);
  }
  let body = byMethod.get(method);
  if (!body) {
    body = input.extend({ method: method ? z.literal(method) : z.string().optional() });
    byMethod.set(method, body);
  }
  return body;
}
const bodiesWithMethod = new WeakMap<z.ZodObject, Map<string | undefined, z.ZodObject>>();

/** Whether a call changes something: it then needs its button and goes to the operation log. */
export function isMutating(action: AnyAction): boolean {
  if (action.mutates !== undefined) return action.mutates;
  return !READ_METHODS.has(action.method ?? 'list');
}

/** The button key a mutating module call needs, or null. */
export function requiredButton(action: AnyAction): string | null {
  if (action.button) return action.button;
  if (!isMutating(action)) return null;
  const verb = buttonVerb(action.method ?? '');
  return verb ? `${permissionPrefix(action.path)}:${verb}` : null;
}
