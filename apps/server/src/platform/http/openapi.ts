import { Headers, Paths } from '@igs/contract';
import { z } from 'zod';
import type { AnyAction } from './action.ts';
import { isMutating, requiredButton } from './action.ts';

/**
 * The OpenAPI document of the whole API, generated from the same zod schemas the server
 * validates with, so the two cannot drift.
 */
export function openApiDocument(actions: readonly AnyAction[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const byPath = new Map<string, AnyAction[]>();
  for (const a of actions) byPath.set(a.path, [...(byPath.get(a.path) ?? []), a]);
  for (const [path, list] of byPath) {
    const ops: Record<string, unknown> = {};
    for (const httpMethod of new Set(list.map((a) => (a.httpMethod ?? 'POST').toLowerCase()))) {
      const these = list.filter((a) => (a.httpMethod ?? 'POST').toLowerCase() === httpMethod);
      const schemas = these.map((a) => ({
        ...withMethod(toSchema(a.input), a.method),
        description: describe(a),
      }));
      const body =
        schemas.length === 1 ? schemas[0] : { oneOf: schemas, discriminator: { propertyName: 'method' } };
      ops[httpMethod] = {
        summary: these.map((a) => (a.method ? `${a.method}: ${a.summary}` : a.summary)).join(' | '),
        security: these.every((a) => a.access === 'public') ? [] : [{ IGSAuth: [] }, { DeveloperKey: [] }],
        ...(httpMethod === 'get'
          ? {}
          : {
              requestBody: {
                required: false,
                content: {
                  'application/json': { schema: body },
                  'application/x-www-form-urlencoded': { schema: body },
                  ...(these.some((a) => a.files) ? { 'multipart/form-data': { schema: body } } : {}),
                },
              },
            }),
        responses: {
          200: {
            description: 'Envelope {code, msg, data}; code 200 is success',
            content: { 'application/json': { schema: replySchema(these) } },
          },
        },
      };
    }
    paths[path] = ops;
  }
  Object.assign(paths, RAW_ROUTES);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Multi-business integrated gateway API',
      version,
      description: 'Every call answers HTTP 200 with {code, msg, data}; see docs/api.md for the codes.',
    },
    paths,
    components: {
      securitySchemes: {
        IGSAuth: { type: 'apiKey', in: 'header', name: Headers.token },
        DeveloperKey: { type: 'apiKey', in: 'header', name: Headers.developerKey },
      },
      schemas: {
        Envelope: {
          type: 'object',
          required: ['code', 'msg', 'data'],
          properties: { code: { type: 'integer' }, msg: { type: 'string' }, data: {} },
        },
      },
    },
  };
}

/** Routes served outside the action dispatcher (streams and files). */
const RAW_ROUTES: Record<string, Record<string, unknown>> = {
  [Paths.upload]: {
    post: {
      summary:
        'Upload one file: multipart with kind (avatar, image, audio, video, apk, firmware, text) before file; the type is checked by content',
      security: [{ IGSAuth: [] }],
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['kind', 'file'],
              properties: { kind: { type: 'string' }, file: { type: 'string', format: 'binary' } },
            },
          },
        },
      },
      responses: {
        200: { description: 'Envelope; data {id, url, name, size, mime, sha256, width?, height?}' },
      },
    },
  },
  [`${Paths.file}/{id}`]: {
    get: {
      summary: 'An uploaded file, through the signed URL the upload returned (or with IGSAuth)',
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'sig', in: 'query', schema: { type: 'string' } },
      ],
      responses: { 200: { description: 'The file' }, 403: { description: 'Bad signature' } },
    },
  },
  [Paths.download]: {
    get: {
      summary: 'An export file: single use, valid 10 minutes',
      parameters: [{ name: 'token', in: 'query', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'The file' }, 404: { description: 'Invalid, used or expired' } },
    },
  },
  [`${Paths.avatar}/{name}`]: {
    get: {
      summary: 'An avatar image by its generated name',
      parameters: [{ name: 'name', in: 'path', required: true, schema: { type: 'string' } }],
      responses: { 200: { description: 'The image' } },
    },
  },
};

function describe(a: AnyAction): string {
  const parts = [`access: ${a.access}`];
  const key = a.access === 'module' ? requiredButton(a) : null;
  if (key) parts.push(`button: ${key}`);
  if (isMutating(a)) parts.push('written to the operation log');
  if (a.files) parts.push(`file part "${a.files.field}" up to ${Math.round(a.files.maxBytes / 1048576)} MB`);
  return parts.join('; ');
}

/**
 * The body's `method` as the dispatcher picks the action by it, whether or not the input schema
 * names it (some verbs validate only their other fields), so clients and the security suites
 * see every operation.
 */
function withMethod(schema: Record<string, unknown>, method: string | undefined): Record<string, unknown> {
  if (!method) return schema;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const required = (schema.required ?? []) as string[];
  return {
    ...schema,
    type: 'object',
    properties: { ...properties, method: { type: 'string', const: method } },
    required: required.includes('method') ? required : [...required, 'method'],
  };
}

/**
 * The envelope, with `data` described by the contract's output schema where the actions of this
 * path and HTTP method serve a typed call (`defineCallAction`): one schema, or one per method.
 */
function replySchema(actions: readonly AnyAction[]): Record<string, unknown> {
  const envelope = { $ref: '#/components/schemas/Envelope' };
  const outputs = actions.flatMap((a) =>
    a.output ? [{ ...toSchema(a.output, 'output'), ...(a.method ? { title: a.method } : {}) }] : [],
  );
  if (!outputs.length) return envelope;
  const data = outputs.length === 1 ? outputs[0] : { oneOf: outputs };
  return { allOf: [envelope, { type: 'object', properties: { data } }] };
}

function toSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return { type: 'object' };
  }
}
