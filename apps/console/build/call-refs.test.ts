import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allCalls, resourceCalls, singletonCalls, verbCall } from '@igs/contract/calls';
import { resources } from '@igs/contract/resources';
import { build, type Rolldown } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { callRefs, reduceForConsole } from './call-refs.ts';

const ID = '/repo/packages/contract/src/calls/example.ts';
const CONTRACT = join(import.meta.dirname, '../../../packages/contract/src/');

/**
 * Every call the console can send: the contract's own list, and the calls the factories make for
 * each resource's endpoints, a singleton and a verb. The same function is in the bundle's entry and,
 * run here, gives the expected list.
 */
function everyCall(
  calls: {
    allCalls: typeof allCalls;
    resourceCalls: typeof resourceCalls;
    singletonCalls: typeof singletonCalls;
    verbCall: typeof verbCall;
  },
  endpoints: readonly string[],
) {
  return [
    ...calls.allCalls,
    ...endpoints.flatMap((endpoint) => Object.values(calls.resourceCalls(endpoint))),
    ...Object.values(calls.singletonCalls('/admin.php/system/web_set')),
    calls.verbCall('/admin.php/tr069/device', { name: 'reboot' }),
    calls.verbCall('/admin.php/tr069/device', { name: 'export_report', result: 'url' }),
  ];
}

/** Every resource's endpoints, its operations twin's too. */
const ENDPOINTS = resources.flatMap((def) => [def.endpoint, ...(def.opsEndpoint ? [def.opsEndpoint] : [])]);

function reduced(code: string): string {
  return reduceForConsole(code, ID)?.code ?? code;
}

describe("the contract's modules as the console's build takes them", () => {
  it('keeps only the path and the method of a call', () => {
    const out = reduced(
      "const P = (t: string) => '/admin.php/Network/' + t;\n" +
        "export const list = defineCall({ path: P('net'), method: 'list', input: z.object({ a: z.string() }), output: Row });\n",
    );
    expect(out).toContain("{ path: P('net'), method: 'list' }");
    expect(out).not.toContain('z.object');
    expect(out).not.toContain('Row');
  });

  it('builds each module-level value in a pure call, and leaves plain values and statements alone', () => {
    const out = reduced(
      'const DISK = "/admin.php/system/disk_set";\n' +
        "export const DiskRole = z.enum([...ROLES, 'system']);\n" +
        'export const Row = Base.extend({ system: Home.shape.system });\n' +
        'register(Row);\n',
    );
    expect(out).toContain('const DISK = "/admin.php/system/disk_set";');
    expect(out).toContain("DiskRole = /* @__PURE__ */ (() => (z.enum([...ROLES, 'system'])))();");
    expect(out).toContain('Row = /* @__PURE__ */ (() => (Base.extend({ system: Home.shape.system })))();');
    expect(out).toContain('\nregister(Row);');
  });

  it('passes undefined for a parameter a function of the module only gives to schemas', () => {
    const out = reduced(
      'function listTab(tab: string, row: Schema, note: string) {\n' +
        "  return { row: defineCall({ path: P(tab), method: 'list', input: form, output: z.array(row) }), note };\n" +
        '}\n' +
        "export const pptp = listTab('pptp', PptpRow, 'kept');\n",
    );
    expect(out).toContain("listTab('pptp', undefined, 'kept')");
  });

  it('refuses a call whose definition is not written out', () => {
    expect(() => reduceForConsole('export const c = defineCall(def);', ID)).toThrow(
      /defineCall at offset \d+ takes an object literal/,
    );
  });

  it('refuses a definition that spreads another object, which may hold the method', () => {
    expect(() =>
      reduceForConsole("export const c = defineCall({ path: '/a', ...GENERIC.list });", ID),
    ).toThrow(/spreads another object; write its path, method, input and output out/);
  });

  it('changes nothing in a module without calls or values to build', () => {
    expect(
      reduceForConsole("export const PATH = '/a';\nexport function f() { return g(); }\n", ID),
    ).toBeUndefined();
  });
});

describe('the console build of every call of the contract', () => {
  const dir = mkdtempSync(join(tmpdir(), 'call-refs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('sends each call to the same path and method, and carries no schema', async () => {
    const entry = join(dir, 'entry.ts');
    writeFileSync(
      entry,
      `import { allCalls, resourceCalls, singletonCalls, verbCall } from ${JSON.stringify(`${CONTRACT}calls/index.ts`)};\n` +
        `${everyCall.toString()}\nexport default everyCall({ allCalls, resourceCalls, singletonCalls, verbCall }, ${JSON.stringify(ENDPOINTS)});\n`,
    );
    const result = (await build({
      configFile: false,
      logLevel: 'silent',
      plugins: [callRefs()],
      build: { write: false, minify: false, lib: { entry, formats: ['cjs'], fileName: 'calls' } },
    })) as Rolldown.RolldownOutput[];
    const chunk = result[0]!.output.find((item): item is Rolldown.OutputChunk => item.type === 'chunk')!;
    const zod = Object.entries(chunk.modules).filter(
      ([id, m]) => /[\\/]node_modules[\\/]zod[\\/]/.test(id) && m.renderedLength > 0,
    );
    expect(zod.map(([id]) => id)).toEqual([]);

    // Run as the console would: the bundle alone, nothing else loaded with it.
    const module = { exports: {} as unknown };
    new Function('module', 'exports', chunk.code)(module, module.exports);
    const built = module.exports as { path: string; method?: string }[];
    const expected = everyCall({ allCalls, resourceCalls, singletonCalls, verbCall }, ENDPOINTS);
    expect(expected.length).toBeGreaterThan(1_000);
    expect(built).toHaveLength(expected.length);
    expect(built).toEqual(
      expected.map((c) => (c.method === undefined ? { path: c.path } : { path: c.path, method: c.method })),
    );
  });
});
