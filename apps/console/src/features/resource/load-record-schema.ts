/** The contract's record schema, loaded once (see record-schema.ts); a failed load is tried again. */
let loading: Promise<typeof import('./record-schema.ts')> | undefined;

export function loadRecordSchema(): Promise<typeof import('./record-schema.ts')> {
  loading ??= import('./record-schema.ts').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
