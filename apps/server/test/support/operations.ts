import { Paths } from '@igs/contract';
import type { TestServer } from './server.ts';

/**
 * Every operation of the server's own OpenAPI document (GET /api-docs), one per path, HTTP method
 * and body `method`: what the security suites walk, so a call added to the server is in them
 * without anyone remembering to list it.
 */

export type Access = 'public' | 'session' | 'module';

export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  description?: string;
}

export interface Operation {
  path: string;
  http: 'GET' | 'POST';
  /** The body's `method`, when the path has several. */
  method?: string;
  access: Access;
  /** Mutating calls need a button key (module access) and are written to the operation log. */
  mutating: boolean;
  multipart: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  security?: unknown[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** `access: module; button: …; written to the operation log` → its parts. */
function described(schema: JsonSchema): { access: Access; mutating: boolean } | null {
  const m = /access: (public|session|module)/.exec(schema.description ?? '');
  if (!m) return null;
  return { access: m[1] as Access, mutating: /written to the operation log/.test(schema.description ?? '') };
}

export async function operationsOf(s: TestServer): Promise<Operation[]> {
  const res = await fetch(s.url + Paths.apiDocs);
  const doc = (await res.json()) as { paths: Record<string, Record<string, OpenApiOperation>> };
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [verb, op] of Object.entries(ops)) {
      const http = verb.toUpperCase() as 'GET' | 'POST';
      const content = op.requestBody?.content ?? {};
      const body = content['application/json']?.schema;
      const multipart = 'multipart/form-data' in content;
      if (!body) {
        // GET calls and raw routes: no body schema; the document's security says whether a token is needed.
        if (path.includes('{')) continue;
        out.push({
          path,
          http,
          access: op.security?.length ? 'session' : 'public',
          mutating: false,
          multipart,
          schema: {},
        });
        continue;
      }
      for (const schema of body.oneOf ?? [body]) {
        const d = described(schema);
        const method = schema.properties?.method?.const;
        out.push({
          path,
          http,
          ...(typeof method === 'string' ? { method } : {}),
          access: d?.access ?? (op.security?.length ? 'session' : 'public'),
          mutating: d?.mutating ?? true,
          multipart,
          schema,
        });
      }
    }
  }
  return out;
}

/** Calls that end the caller's own session or credentials: the suites leave them to their own tests. */
export function endsTheCaller(op: Operation): boolean {
  return /logout|sign_out|signout/i.test(op.path + (op.method ?? ''));
}
