import { type Compilable, CompiledQuery, type Kysely } from 'kysely';

/** SQL text -> statement name, for PostgreSQL's named prepared statements (pg-prepared.ts). */
const statementNames = new Map<string, string>();

/** The prepared-statement name of a SQL text compiled once, or undefined for any other text. */
export function preparedName(sql: string): string | undefined {
  return statementNames.get(sql);
}

// biome-ignore lint/suspicious/noExplicitAny: one cache per database, whatever its schema
const byDatabase = new WeakMap<Kysely<any>, Map<string, string>>();

/**
 * Kysely builds and compiles a query's SQL anew on every call. For a query of a fixed shape run
 * on every request (the caller's session), that costs more than the database takes to answer
 * it: the SQL is compiled once per database and reused with the new parameters (and PostgreSQL
 * keeps it as a prepared statement per connection, see pg-prepared.ts). The shapes must be few:
 * each is kept for the life of the process.
 *
 * `params` are this call's parameters in the order the query takes them. The first compilation
 * checks them against Kysely's own, so a shape whose parameters are given in another order fails
 * at once in tests rather than sending wrong values.
 */
export function compiledOnce<R>(
  // biome-ignore lint/suspicious/noExplicitAny: see byDatabase
  db: Kysely<any>,
  shape: string,
  build: () => Compilable<R>,
  params: readonly unknown[],
): CompiledQuery<R> {
  let shapes = byDatabase.get(db);
  if (!shapes) {
    shapes = new Map();
    byDatabase.set(db, shapes);
  }
  const sql = shapes.get(shape);
  if (sql !== undefined) return CompiledQuery.raw(sql, [...params]) as CompiledQuery<R>;
  const compiled = build().compile();
  if (compiled.parameters.length !== params.length || compiled.parameters.some((p, i) => p !== params[i]))
    throw new Error(`compiledOnce(${shape}): the parameters given are not the query's own, in its order`);
  shapes.set(shape, compiled.sql);
  if (!statementNames.has(compiled.sql)) statementNames.set(compiled.sql, `igs_${statementNames.size + 1}`);
  return compiled;
}
