import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Counts the writes this process makes to each table: every insert, update and delete built with
 * Kysely, counted once it has run (raw SQL templates are not seen). A cache of rows keeps the
 * count it read them at and knows they may be stale as soon as the count moves, so no feature
 * that writes those tables has to remember to drop it.
 */
export class WriteCounter implements KyselyPlugin {
  private readonly counts = new Map<string, number>();
  // Per query, the table it writes: set when Kysely compiles it, counted when its result is back.
  private readonly writing = new WeakMap<QueryId, string>();
  private readonly listeners = new Set<(table: string) => void>();

  /** Writes made so far to these tables, summed: it only ever grows. */
  count(tables: readonly string[]): number {
    let sum = 0;
    for (const t of tables) sum += this.counts.get(t) ?? 0;
    return sum;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const table = writtenTable(args.node);
    if (table) this.writing.set(args.queryId, table);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const table = this.writing.get(args.queryId);
    if (table) {
      this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
      for (const l of this.listeners) l(table);
    }
    return args.result;
  }

  /**
   * A write another instance made (platform/cache/coherence.ts relays them): counted like one of
   * ours, so every cache keyed to the table's count is stale here too. Listeners are not told:
   * it is not this instance's write to announce.
   */
  bump(table: string): void {
    this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }

  /** Calls `listener` after each write this process makes; returns how to stop. */
  onWrite(listener: (table: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** The table an insert, update or delete writes, or undefined for any other statement. */
function writtenTable(node: RootOperationNode): string | undefined {
  switch (node.kind) {
    case 'InsertQueryNode':
      return node.into ? tableName(node.into) : undefined;
    case 'UpdateQueryNode':
      return node.table ? tableName(node.table) : undefined;
    case 'DeleteQueryNode':
      return node.from.froms[0] ? tableName(node.from.froms[0]) : undefined;
    default:
      return undefined;
  }
}

function tableName(node: OperationNode): string | undefined {
  const n = node as OperationNode & { table?: { identifier?: { name?: string } }; node?: OperationNode };
  if (node.kind === 'TableNode') return n.table?.identifier?.name;
  if (node.kind === 'AliasNode' && n.node) return tableName(n.node);
  return undefined;
}
