import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from '../../src/platform/db/compiled-once.ts';

interface Db {
  t: { id: number; name: string };
}

const db = () =>
  new Kysely<Db>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });

describe('compiledOnce', () => {
  it('builds a shape once and sends its SQL with each call’s parameters', () => {
    const k = db();
    let builds = 0;
    const q = (id: number, name: string) =>
      compiledOnce(
        k,
        'by-id-and-name',
        () => {
          builds++;
          return k.selectFrom('t').selectAll().where('id', '=', id).where('name', '=', name);
        },
        [id, name],
      );
    const first = q(1, 'a');
    const second = q(2, 'b');
    expect(builds).toBe(1);
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual([2, 'b']);
  });

  it('refuses parameters given in another order than the query takes them', () => {
    const k = db();
    expect(() =>
      compiledOnce(
        k,
        'swapped',
        () => k.selectFrom('t').selectAll().where('id', '=', 1).where('name', '=', 'a'),
        ['a', 1],
      ),
    ).toThrow(/not the query's own/);
  });

  it('keeps one cache per database: another database compiles its own', () => {
    const [a, b] = [db(), db()];
    let builds = 0;
    for (const k of [a, b, a, b])
      compiledOnce(
        k,
        'shape',
        () => {
          builds++;
          return k.selectFrom('t').selectAll().where('id', '=', 1);
        },
        [1],
      );
    expect(builds).toBe(2);
  });
});
