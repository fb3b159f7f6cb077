import type { ResourceTableNames } from '@igs/contract/resources';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './app-context.ts';
import type { AnyAction } from './http/action.ts';
import {
  addExportFormat,
  addImportFormat,
  addImportWriter,
  addRowImportFormat,
  type ExportFormat,
  type ImportFormat,
  type ImportWriter,
  onReferenceCount,
  onResourceWrite,
  type ReferenceCounter,
  type RowImportFormat,
  type WriteHook,
} from './resources/hooks.ts';
import { onResourceVerb, type VerbHandler } from './resources/verbs.ts';

/**
 * What a business brings to the server, as data (issue 14 item 3): app.ts lists the features and
 * builds the API, the routes and the services from that list, and fills the resource registries
 * (verbs, write rules, reference counters, formats) from it when the server is built. A rule a
 * feature module defines but no listed feature carries is caught by test/unit/features.test.ts.
 */

/** How a declared verb of a resource is carried out (resources/verbs.ts). */
export interface VerbRegistration {
  readonly kind: 'verb';
  readonly resource: string;
  readonly verb: string;
  readonly handler: VerbHandler;
}

/** A rule run with the integrity checks of the resource's generic writes (resources/hooks.ts). */
export interface WriteRuleRegistration {
  readonly kind: 'write';
  readonly resource: string;
  readonly hook: WriteHook;
}

/** Uses of the resource's ids a `ref` field cannot describe (resources/hooks.ts). */
export interface ReferenceCounterRegistration {
  readonly kind: 'references';
  readonly resource: string;
  readonly counter: ReferenceCounter;
}

/** A file format of the resource's export or import (resources/hooks.ts). */
export type FormatRegistration =
  | { readonly kind: 'export'; readonly resource: string; readonly format: string; readonly fn: ExportFormat }
  | { readonly kind: 'import'; readonly resource: string; readonly format: string; readonly fn: ImportFormat }
  | {
      readonly kind: 'rowImport';
      readonly resource: string;
      readonly format: string;
      readonly fn: RowImportFormat;
    }
  | {
      readonly kind: 'importWriter';
      readonly resource: string;
      readonly format: string;
      readonly fn: ImportWriter;
    };

/** One registration on the generic resource calls. */
export type Registration =
  | VerbRegistration
  | WriteRuleRegistration
  | ReferenceCounterRegistration
  | FormatRegistration;

export const REGISTRATION_KINDS: readonly Registration['kind'][] = [
  'verb',
  'write',
  'references',
  'export',
  'import',
  'rowImport',
  'importWriter',
];

/** The table of the resource named `N` (a literal name), or any table for a name only known at run time. */
type TableOf<N extends string> = N extends keyof ResourceTableNames ? ResourceTableNames[N] : string;

/*
 * A verb or write rule registered by its resource's literal name gets that resource's `def` typed
 * by its table, so its queries over `def.table` are checked against the table's columns. The
 * registry holds handlers of every table; the framework calls each only with its own resource.
 */
export const resourceVerb = <const N extends string>(
  resource: N,
  verb: string,
  handler: VerbHandler<TableOf<N>>,
): VerbRegistration => ({
  kind: 'verb',
  resource,
  verb,
  handler: handler as VerbHandler,
});
export const writeRule = <const N extends string>(
  resource: N,
  hook: WriteHook<TableOf<N>>,
): WriteRuleRegistration => ({
  kind: 'write',
  resource,
  hook: hook as WriteHook,
});
export const referenceCounter = (
  resource: string,
  counter: ReferenceCounter,
): ReferenceCounterRegistration => ({
  kind: 'references',
  resource,
  counter,
});
export const exportFormat = (resource: string, format: string, fn: ExportFormat): FormatRegistration => ({
  kind: 'export',
  resource,
  format,
  fn,
});
export const importFormat = (resource: string, format: string, fn: ImportFormat): FormatRegistration => ({
  kind: 'import',
  resource,
  format,
  fn,
});
export const rowImportFormat = (
  resource: string,
  format: string,
  fn: RowImportFormat,
): FormatRegistration => ({
  kind: 'rowImport',
  resource,
  format,
  fn,
});
export const importWriter = (resource: string, format: string, fn: ImportWriter): FormatRegistration => ({
  kind: 'importWriter',
  resource,
  format,
  fn,
});

/** A background job a feature runs while the server is up (a sweep, a scheduler, links). */
export interface Service {
  stop(): void | Promise<void>;
}

export interface Feature {
  readonly name: string;
  /** The feature's own calls. */
  readonly actions?: readonly AnyAction[];
  /** Verbs, write rules, reference counters and file formats on the generic resource calls. */
  readonly registrations?: readonly Registration[];
  /**
   * Followers of the generic resource calls (after-writes.ts `afterResourceWrites` and
   * `aroundResourceWrites`): each wraps the calls of its endpoints and returns the whole list.
   * Applied in the order of the features list, the first innermost.
   */
  readonly followers?: readonly ((actions: readonly AnyAction[]) => AnyAction[])[];
  /** Routes outside the action dispatcher (file uploads and the like). */
  readonly routes?: readonly ((fastify: FastifyInstance, app: AppContext) => void)[];
  /** Started once the routes are mounted, stopped in the same order when the server closes. */
  readonly services?: readonly ((app: AppContext) => Service)[];
}

/** The features' actions, in the order of the list. */
export const featureActions = (features: readonly Feature[]): AnyAction[] =>
  features.flatMap((f) => f.actions ?? []);

/** The generic resource actions with every feature's followers around them. */
export function withFollowers(features: readonly Feature[], actions: readonly AnyAction[]): AnyAction[] {
  return features
    .flatMap((f) => f.followers ?? [])
    .reduce<AnyAction[]>((out, follow) => follow(out), [...actions]);
}

const installed = new WeakSet<Registration>();

/**
 * Puts the features' registrations into the resource registries. The registries live for the
 * process: installing the same registration again (tests build several servers) does nothing.
 */
export function installFeatures(features: readonly Feature[]): void {
  for (const r of features.flatMap((f) => f.registrations ?? [])) {
    if (installed.has(r)) continue;
    installed.add(r);
    switch (r.kind) {
      case 'verb':
        onResourceVerb(r.resource, r.verb, r.handler);
        break;
      case 'write':
        onResourceWrite(r.resource, r.hook);
        break;
      case 'references':
        onReferenceCount(r.resource, r.counter);
        break;
      case 'export':
        addExportFormat(r.resource, r.format, r.fn);
        break;
      case 'import':
        addImportFormat(r.resource, r.format, r.fn);
        break;
      case 'rowImport':
        addRowImportFormat(r.resource, r.format, r.fn);
        break;
      case 'importWriter':
        addImportWriter(r.resource, r.format, r.fn);
        break;
    }
  }
}

/** Starts every feature's services; `stop` ends them in the same order. */
export function startServices(features: readonly Feature[], app: AppContext): Service {
  const running = features.flatMap((f) => f.services ?? []).map((start) => start(app));
  return {
    async stop() {
      for (const s of running) await s.stop();
    },
  };
}
