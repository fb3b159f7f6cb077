import type { LookupName } from '@igs/contract/resources';
import type { Conn } from '../db/schema.ts';

/**
 * The lists a reference may name that are not resources (contract LOOKUPS): where their options
 * come from and which ids exist. Roles are not scoped by site: an account's role is global.
 */
interface Lookup {
  options(conn: Conn, input: { keyword: string; limit: number }): Promise<{ value: number; label: string }[]>;
  existing(conn: Conn, ids: number[]): Promise<number[]>;
}

export const LOOKUP_SOURCES: Record<LookupName, Lookup> = {
  'system:role': {
    async options(conn, input) {
      // Roles are few: matched here, the same way on SQLite and PostgreSQL (any case).
      const rows = await conn.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
      const word = input.keyword.toLowerCase();
      return rows
        .filter((r) => !word || String(r.name).toLowerCase().includes(word))
        .slice(0, input.limit)
        .map((r) => ({ value: Number(r.id), label: String(r.name) }));
    },
    async existing(conn, ids) {
      const rows = await conn.selectFrom('roles').select('id').where('id', 'in', ids).execute();
      return rows.map((r) => Number(r.id));
    },
  },
};
