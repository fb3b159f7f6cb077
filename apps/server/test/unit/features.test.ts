import fs from 'node:fs';
import path from 'node:path';
import {
  BUILT_IN_EXPORT_FORMATS,
  BUILT_IN_IMPORT_FORMATS,
  resourceByName,
  resources,
} from '@igs/contract/resources';
import { describe, expect, it } from 'vitest';
import { features } from '../../src/app.ts';
import {
  type Feature,
  installFeatures,
  REGISTRATION_KINDS,
  type Registration,
} from '../../src/platform/feature.ts';
import { allResourceActions } from '../../src/platform/resources/actions.ts';
import { registeredFormats } from '../../src/platform/resources/hooks.ts';
import { unimplementedVerbs } from '../../src/platform/resources/verbs.ts';

/*
 * Explicit feature registration (issue 14 item 3): app.ts lists the features, and every verb, write
 * rule, reference counter, file format and follower of the generic resource calls is reached from
 * that list. These checks keep a rule from being dropped by a forgotten line.
 */

const FEATURES_DIR = path.resolve(import.meta.dirname, '../../src/features');
const registrations = features.flatMap((f) => f.registrations ?? []);
const isRegistration = (v: unknown): v is Registration =>
  typeof v === 'object' &&
  v !== null &&
  REGISTRATION_KINDS.includes((v as { kind?: unknown }).kind as Registration['kind']) &&
  typeof (v as { resource?: unknown }).resource === 'string';
const isFeature = (v: unknown): v is Feature =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as { name?: unknown }).name === 'string' &&
  ['actions', 'registrations', 'followers', 'routes', 'services'].some((k) => k in (v as object));

const verbKey = (r: Registration) => (r.kind === 'verb' ? `${r.resource}:${r.verb}` : undefined);
const formatKey = (r: Registration) =>
  r.kind === 'export'
    ? `${r.resource} export ${r.format}`
    : r.kind === 'import' || r.kind === 'rowImport' || r.kind === 'importWriter'
      ? `${r.resource} import ${r.format}`
      : undefined;

/** The feature modules: every .ts file under features/ that makes registrations or a Feature. */
function featureModules(): string[] {
  return fs
    .readdirSync(FEATURES_DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => path.join(FEATURES_DIR, f))
    .filter((file) =>
      /\b(resourceVerb|writeRule|referenceCounter|exportFormat|importFormat|rowImportFormat|importWriter)\(|:\s*Feature\b/.test(
        fs.readFileSync(file, 'utf8'),
      ),
    );
}

describe('feature registration', () => {
  it('has unique feature names', () => {
    const names = features.map((f) => f.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('implements every declared verb exactly once, and only declared verbs', () => {
    const declared = resources.flatMap((def) => (def.verbs ?? []).map((v) => `${def.name}:${v.name}`));
    const handled = registrations.map(verbKey).filter((k) => k !== undefined);
    expect(handled.filter((k, i) => handled.indexOf(k) !== i)).toEqual([]);
    expect(declared.filter((k) => !handled.includes(k))).toEqual([]);
    expect(handled.filter((k) => !declared.includes(k))).toEqual([]);
    installFeatures(features);
    expect(unimplementedVerbs()).toEqual([]);
  });

  it('provides every non-built-in format a description declares, and declares every format provided', () => {
    const provided = registrations.map(formatKey).filter((k) => k !== undefined);
    expect(provided.filter((k, i) => provided.indexOf(k) !== i)).toEqual([]);
    const declared = resources.flatMap((def) => [
      ...(def.io?.import ?? [])
        .filter((f) => !BUILT_IN_IMPORT_FORMATS.includes(f))
        .map((f) => `${def.name} import ${f}`),
      ...(def.io?.export ?? [])
        .filter((f) => !BUILT_IN_EXPORT_FORMATS.includes(f))
        .map((f) => `${def.name} export ${f}`),
    ]);
    expect(declared.filter((k) => !provided.includes(k))).toEqual([]);
    expect(provided.filter((k) => !declared.includes(k))).toEqual([]);
  });

  it('names an existing resource in every write rule, reference counter and format', () => {
    expect(
      registrations.filter((r) => !resourceByName(r.resource)).map((r) => `${r.kind} ${r.resource}`),
    ).toEqual([]);
  });

  it('installs the same features again (another server in the process) without duplicates', () => {
    installFeatures(features);
    const once = registeredFormats().length;
    installFeatures(features);
    expect(registeredFormats().length).toBe(once);
    expect(unimplementedVerbs()).toEqual([]);
  });

  it('has followers that each wrap other generic calls, keeping the list', () => {
    const base = allResourceActions();
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const f of features)
      for (const follow of f.followers ?? []) {
        const out = follow(base);
        expect(out.map((a) => `${a.path} ${a.method}`)).toEqual(base.map((a) => `${a.path} ${a.method}`));
        out.forEach((a, i) => {
          if (a.handler === base[i]!.handler) return;
          const key = `${a.path} ${a.method}`;
          if (owner.has(key)) shared.push(`${key}: ${owner.get(key)} and ${f.name}`);
          owner.set(key, f.name);
        });
      }
    expect(shared).toEqual([]);
    expect(owner.size).toBeGreaterThan(0);
  });

  it('reaches every registration and feature a feature module exports from the features list', async () => {
    const reachable = new Set<unknown>(registrations);
    const listed = new Set<unknown>(features);
    const modules = featureModules();
    expect(modules.length).toBeGreaterThan(20);
    const unreached: string[] = [];
    for (const file of modules) {
      const rel = path.relative(FEATURES_DIR, file);
      const exports = (await import(file)) as Record<string, unknown>;
      let defines = false;
      for (const [name, value] of Object.entries(exports)) {
        if (isFeature(value)) {
          defines = true;
          if (!listed.has(value)) unreached.push(`${rel}: feature ${name} is not in app.ts features`);
          continue;
        }
        const items = Array.isArray(value) ? value : [value];
        for (const r of items.filter(isRegistration)) {
          defines = true;
          if (!reachable.has(r))
            unreached.push(`${rel}: ${name} (${r.kind} ${r.resource}) is not in a listed feature`);
        }
      }
      // A module that makes registrations but exports none of them: they are reachable from nothing.
      if (!defines) unreached.push(`${rel}: makes registrations but exports none`);
    }
    expect(unreached).toEqual([]);
  });

  it('leaves no registration at import time in a feature module', () => {
    const old =
      /\b(onResourceVerb|onResourceWrite|onReferenceCount|addExportFormat|addImportFormat|addRowImportFormat|addImportWriter)\(/;
    const files = fs
      .readdirSync(FEATURES_DIR, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && old.test(fs.readFileSync(path.join(FEATURES_DIR, f), 'utf8')));
    expect(files).toEqual([]);
  });
});
