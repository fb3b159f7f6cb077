import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  entryModules,
  FORM_PAGE_BYTES,
  OFF_PLAN_BYTES,
  offPlanModules,
  signedInGroups,
} from './signed-in-chunks.ts';

const SRC = '/repo/apps/console/src';
const NM = '/repo/node_modules';

/** A first-pass chunk: its modules (rendered, 10 bytes unless said) and the chunks it imports statically. */
function chunk(
  fileName: string,
  modules: (string | [string, number])[],
  imports: string[] = [],
  kind: { entry?: boolean; facade?: string } = {},
): Rolldown.OutputChunk {
  const list = modules.map((m): [string, number] => (typeof m === 'string' ? [m, 10] : m));
  return {
    type: 'chunk',
    fileName,
    isEntry: Boolean(kind.entry),
    isDynamicEntry: Boolean(kind.facade),
    facadeModuleId: kind.facade ?? (kind.entry ? list[0]![0] : null),
    imports,
    modules: Object.fromEntries(list.map(([id, renderedLength]) => [id, { renderedLength }])),
  } as unknown as Rolldown.OutputChunk;
}

const RECORD_FORM = `${SRC}/features/resource/record-form.tsx`;

describe('signed-in chunk groups', () => {
  const chunks = new Map(
    [
      chunk('index.js', [`${SRC}/main.tsx`, `${NM}/react/index.js`], [], { entry: true }),
      chunk('layout.js', [`${SRC}/layout/index.tsx`], ['button.js', 'index.js'], {
        facade: `${SRC}/layout/index.tsx`,
      }),
      chunk('button.js', [`${NM}/antd/es/button/index.js`]),
      chunk(
        'record.js',
        [`${SRC}/features/resource/resource-module-page.tsx`],
        ['picker.js', 'button.js', 'form.js', 'upload.js'],
        { facade: `${SRC}/features/resource/resource-module-page.tsx` },
      ),
      // The record form and what it loads: more than a form page's threshold.
      chunk('form.js', [[RECORD_FORM, FORM_PAGE_BYTES + 1]], ['cron.js']),
      chunk('cron.js', [`${NM}/luxon/src/luxon.js`]),
      chunk('picker.js', [`${NM}/@rc-component/picker/es/index.js`, `${NM}/dayjs/plugin/weekday.js`]),
      chunk('upload.js', [`${SRC}/features/resource/upload.ts`]),
      // A form page: the DHCP settings, drawn by the record form.
      chunk('dhcp.js', [`${SRC}/pages/system/Dhcp.tsx`], ['sys-helper.js', 'transfer.js', 'form.js'], {
        facade: `${SRC}/pages/system/Dhcp.tsx`,
      }),
      chunk('dhcp-only.js', [`${SRC}/pages/system/dhcp/leases.tsx`]),
      // A page that is not: the operation log, which shares only the upload helper and the picker.
      chunk(
        'log.js',
        [`${SRC}/pages/system/OperationLog.tsx`],
        ['sys-helper.js', 'picker.js', 'upload.js', 'log-only.js', 'button.js'],
        { facade: `${SRC}/pages/system/OperationLog.tsx` },
      ),
      chunk('log-only.js', [`${SRC}/pages/system/logs/server-logs.tsx`, `${NM}/antd/es/segmented/index.js`]),
      chunk('sys-helper.js', [`${SRC}/pages/system/nic-form.tsx`, `${SRC}/pages/system/dhcp.css`]),
      chunk('transfer.js', [`${NM}/antd/es/transfer/index.js`]),
      chunk('voice.js', [`${SRC}/pages/voice/Ivr.tsx`], ['shared.js', 'echarts.js'], {
        facade: `${SRC}/pages/voice/Ivr.tsx`,
      }),
      chunk('shared.js', [`${SRC}/features/tree/tree.tsx`]),
      chunk('echarts.js', [`${NM}/echarts/core.js`]),
    ].map((c) => [c.fileName, c]),
  );
  // dhcp-only.js hangs off the DHCP page.
  chunks.get('dhcp.js')!.imports.push('dhcp-only.js');
  chunks.get('log.js')!.imports.push('shared.js');
  const start = entryModules(chunks);
  const { chunkOf } = signedInGroups(chunks, start);

  it('leaves what the entry loads to the start chunk', () => {
    expect(start).toEqual(new Set([`${SRC}/main.tsx`, `${NM}/react/index.js`]));
    expect(chunkOf.has(`${SRC}/main.tsx`)).toBe(false);
  });

  it('puts the layout and what it loads in the shell, what only the record page and form pages load in records', () => {
    expect(chunkOf.get(`${SRC}/layout/index.tsx`)).toBe('shell');
    expect(chunkOf.get(`${NM}/antd/es/button/index.js`)).toBe('shell');
    expect(chunkOf.get(`${SRC}/features/resource/resource-module-page.tsx`)).toBe('records');
    expect(chunkOf.get(RECORD_FORM)).toBe('records');
    expect(chunkOf.get(`${NM}/luxon/src/luxon.js`)).toBe('records');
  });

  it('puts what pages of several chunks load with the shell: antd parts, their packages, shared helpers', () => {
    // The picker: the record page and the operation log.
    expect(chunkOf.get(`${NM}/@rc-component/picker/es/index.js`)).toBe('shell');
    expect(chunkOf.get(`${NM}/dayjs/plugin/weekday.js`)).toBe('shell');
    // A small helper the record page shares with a page that is not a form page.
    expect(chunkOf.get(`${SRC}/features/resource/upload.ts`)).toBe('shell');
    // A helper of an area's form page and of its other pages; one of two areas.
    expect(chunkOf.get(`${SRC}/pages/system/nic-form.tsx`)).toBe('shell');
    expect(chunkOf.get(`${SRC}/features/tree/tree.tsx`)).toBe('shell');
  });

  it('groups each area, its form pages apart, with the antd parts only they load', () => {
    expect(chunkOf.get(`${SRC}/pages/system/OperationLog.tsx`)).toBe('area-system');
    expect(chunkOf.get(`${SRC}/pages/system/logs/server-logs.tsx`)).toBe('area-system');
    expect(chunkOf.get(`${NM}/antd/es/segmented/index.js`)).toBe('area-system');
    expect(chunkOf.get(`${SRC}/pages/system/Dhcp.tsx`)).toBe('area-system-forms');
    expect(chunkOf.get(`${SRC}/pages/system/dhcp/leases.tsx`)).toBe('area-system-forms');
    expect(chunkOf.get(`${NM}/antd/es/transfer/index.js`)).toBe('area-system-forms');
    expect(chunkOf.get(`${SRC}/pages/voice/Ivr.tsx`)).toBe('area-voice');
  });

  it('never puts in the shell or an area chunk a module whose imports are in records', () => {
    // Were it so, the shell (or the area's chunk) would import the record page's chunk.
    for (const c of chunks.values())
      for (const id of Object.keys(c.modules)) {
        const name = chunkOf.get(id);
        if (name !== 'shell' && name !== 'area-system' && name !== 'area-voice') continue;
        for (const dep of c.imports)
          for (const imported of Object.keys(chunks.get(dep)!.modules))
            expect(chunkOf.get(imported), `${id} imports ${imported}`).not.toBe('records');
      }
  });

  it('puts style sheets with the shell and leaves other packages only one area loads alone', () => {
    expect(chunkOf.get(`${SRC}/pages/system/dhcp.css`)).toBe('shell');
    expect(chunkOf.has(`${NM}/echarts/core.js`)).toBe(false);
  });
});

describe('a chunk loaded on demand from pages of several chunks', () => {
  const PICKERS = `${SRC}/features/date-pickers/pickers.tsx`;
  const PARSE = `${NM}/dayjs/plugin/customParseFormat.js`;
  const chunks = new Map(
    [
      chunk('index.js', [`${SRC}/main.tsx`], [], { entry: true }),
      chunk('layout.js', [`${SRC}/layout/index.tsx`], [], { facade: `${SRC}/layout/index.tsx` }),
      chunk(
        'record.js',
        [`${SRC}/features/resource/resource-module-page.tsx`],
        ['parse.js', 'dialog-shared.js'],
        { facade: `${SRC}/features/resource/resource-module-page.tsx` },
      ),
      chunk('parse.js', [PARSE]),
      // The pickers, which the operation log and the record forms draw.
      chunk('pickers.js', [PICKERS, `${NM}/@rc-component/picker/es/index.js`], ['parse.js'], {
        facade: PICKERS,
      }),
      // A dialog only the record page opens.
      chunk('dialog.js', [`${SRC}/features/resource/import-dialog.tsx`], ['dialog-shared.js'], {
        facade: `${SRC}/features/resource/import-dialog.tsx`,
      }),
      chunk('dialog-shared.js', [`${SRC}/features/resource/import-texts.ts`]),
    ].map((c) => [c.fileName, c]),
  );
  const { chunkOf } = signedInGroups(chunks, entryModules(chunks));

  it('puts what it shares with the record page in the shell, so that it never imports records', () => {
    expect(chunkOf.get(PARSE)).toBe('shell');
    // What only it loads stays in its own chunk.
    expect(chunkOf.has(`${NM}/@rc-component/picker/es/index.js`)).toBe(false);
    expect(chunkOf.has(PICKERS)).toBe(false);
  });

  it('leaves another lazy chunk’s shared modules where its one loader has them', () => {
    expect(chunkOf.get(`${SRC}/features/resource/import-texts.ts`)).toBe('records');
  });
});

describe('the record form, loaded by the record page after its list', () => {
  const FORM = `${SRC}/features/resource/record-form.tsx`;
  const ZOD = `${NM}/zod/v4/classic/schemas.js`;
  const SINGLETON = `${SRC}/features/singleton-form/singleton-form.tsx`;
  const chunks = new Map(
    [
      chunk('index.js', [`${SRC}/main.tsx`], [], { entry: true }),
      chunk('layout.js', [`${SRC}/layout/index.tsx`], [], { facade: `${SRC}/layout/index.tsx` }),
      chunk('record.js', [`${SRC}/features/resource/resource-module-page.tsx`], ['list.js'], {
        facade: `${SRC}/features/resource/resource-module-page.tsx`,
      }),
      chunk('list.js', [
        `${SRC}/features/resource/resource-page.tsx`,
        `${SRC}/features/resource/columns.tsx`,
      ]),
      // The form: imported lazily by the record page, statically by form pages.
      chunk('form.js', [[FORM, FORM_PAGE_BYTES + 1], ZOD], ['list.js'], { facade: FORM }),
      // Two form pages, which also share a settings form the record page never draws (it loads the
      // contract's schema at its first check, not statically).
      chunk('dhcp.js', [`${SRC}/pages/system/Dhcp.tsx`], ['form.js', 'singleton.js'], {
        facade: `${SRC}/pages/system/Dhcp.tsx`,
      }),
      chunk('sms.js', [`${SRC}/pages/voice/SmsSettings.tsx`], ['form.js', 'singleton.js'], {
        facade: `${SRC}/pages/voice/SmsSettings.tsx`,
      }),
      chunk('singleton.js', [SINGLETON], ['list.js']),
    ].map((c) => [c.fileName, c]),
  );
  const { chunkOf } = signedInGroups(chunks, entryModules(chunks));

  it('keeps the form and zod out of the record page’s chunk', () => {
    expect(chunkOf.get(`${SRC}/features/resource/resource-page.tsx`)).toBe('records');
    expect(chunkOf.get(FORM)).toBe('record-forms');
    expect(chunkOf.get(ZOD)).toBe('record-forms');
  });

  it('puts what only form pages share beyond the form with the record page, which form pages load', () => {
    expect(chunkOf.get(SINGLETON)).toBe('records');
    expect(chunkOf.get(`${SRC}/pages/system/Dhcp.tsx`)).toBe('area-system-forms');
    expect(chunkOf.get(`${SRC}/pages/voice/SmsSettings.tsx`)).toBe('area-voice-forms');
  });

  it('never has the record page’s chunk import the form’s', () => {
    for (const c of chunks.values())
      for (const id of Object.keys(c.modules)) {
        if (chunkOf.get(id) !== 'records') continue;
        for (const dep of c.imports)
          for (const imported of Object.keys(chunks.get(dep)!.modules))
            expect(chunkOf.get(imported), `${id} imports ${imported}`).not.toBe('record-forms');
      }
  });
});

describe('the bundle against the plan', () => {
  const plan = new Map([
    [`${SRC}/layout/index.tsx`, 'shell'],
    [`${SRC}/features/resource/resource-page.tsx`, 'records'],
    ['/repo/packages/contract/src/resources/modules/voice.ts', 'records'],
  ]);
  const bundled = (name: string, modules: [string, number][]) =>
    ({
      type: 'chunk',
      name,
      modules: Object.fromEntries(modules.map(([id, renderedLength]) => [id, { renderedLength }])),
    }) as unknown as Rolldown.OutputChunk;

  it('names what a group took outside its plan, with its bytes; nothing when the bundle follows it', () => {
    const off = offPlanModules(
      [
        bundled('shell', [
          [`${SRC}/layout/index.tsx`, 500],
          ['/repo/packages/contract/src/resources/modules/voice.ts', OFF_PLAN_BYTES + 1],
          // Left to rolldown by the plan, or dropped by tree-shaking: not counted.
          [`${NM}/echarts/core.js`, 900],
          [`${SRC}/features/resource/resource-page.tsx`, 0],
        ]),
        bundled('records', [[`${SRC}/features/resource/resource-page.tsx`, 700]]),
      ],
      plan,
    );
    expect(off.modules).toEqual([
      `contract/src/resources/modules/voice.ts: planned records, bundled in shell (${OFF_PLAN_BYTES + 1} bytes)`,
    ]);
    expect(off.bytes).toBeGreaterThan(OFF_PLAN_BYTES);
    const followed = offPlanModules(
      [bundled('shell', [[`${SRC}/layout/index.tsx`, 500]]), bundled('records', [])],
      plan,
    );
    expect(followed).toEqual({ modules: [], bytes: 0 });
  });
});
