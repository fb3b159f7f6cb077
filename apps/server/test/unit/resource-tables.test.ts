import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  renderResourceTables,
  renderTableNames,
  resourceTablesPath,
  tableNamesPath,
} from '../../build/resource-tables.ts';

/*
 * The row types of the resource tables (src/platform/db/resource-tables.ts) and the contract's map
 * from a resource's name to its table (table-names.ts) are generated from the resource
 * descriptions, as the tables themselves are at start-up. A resource whose fields changed without
 * `npm run gen:resource-tables` would leave the type checker checking queries against old columns.
 */
describe('generated table types', () => {
  it('match the resource descriptions (run `npm run gen:resource-tables` after changing a resource)', () => {
    expect(readFileSync(resourceTablesPath, 'utf8')).toBe(renderResourceTables());
    expect(readFileSync(tableNamesPath, 'utf8')).toBe(renderTableNames());
  });

  it('type each field as storage.ts stores it', () => {
    const out = renderResourceTables([
      {
        name: 't:x',
        endpoint: '/x',
        table: 't_x',
        title: { en: 'X', zh_CN: 'X' },
        fields: [
          { name: 'n', type: 'int', label: { en: 'N', zh_CN: 'N' } },
          { name: 'flag', type: 'bool', label: { en: 'F', zh_CN: 'F' } },
          { name: 'ids', type: 'refs', label: { en: 'I', zh_CN: 'I' } },
          { name: 'ratio', type: 'num', label: { en: 'R', zh_CN: 'R' } },
        ],
      },
    ]);
    expect(out).toContain('  t_x: {\n    id: Generated<number>;\n    site_id: Generated<number>;');
    expect(out).toContain('    n: number | null;');
    expect(out).toContain('    flag: number | null;');
    // JSON lists are stored as text.
    expect(out).toContain('    ids: string | null;');
    expect(out).toContain('    ratio: number | null;');
  });
});
