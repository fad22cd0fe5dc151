import * as z from 'zod/mini';
import { defaultErrorCode, type SpecificErrorCode } from '#shared/api/error-codes';
import type { RegisteredOperation, ResponseSpec } from '#shared/api/operation';

type JsonSchema = Record<string, unknown>;

/** A contract as JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client must send it (io: 'input'). */
export function jsonSchemaOf(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonSchema;
  return rest;
}

/** An error answer: `code` is one of `codes` when given (those an operation's status may carry). */
const errorSchema = (codes?: readonly string[]): JsonSchema => ({
  type: 'object',
  properties: { message: { type: 'string' }, code: codes ? { type: 'string', enum: codes } : { type: 'string' } },
  required: ['message', 'code'],
});

type Described = ResponseSpec & { isError?: boolean };

const errorResponse = (description: string, ...codes: SpecificErrorCode[]): Described => ({
  description,
  isError: true,
  ...(codes.length > 0 ? { codes } : {}),
});

/** The codes an error answer of this status may carry: its default, then those the operation declares. */
export function codesOf(status: number, spec: ResponseSpec | undefined): string[] {
  return [defaultErrorCode(status), ...(spec?.codes ?? [])];
}

/** The answers every operation of its kind may give, besides its own. */
export function responsesOf(operation: RegisteredOperation): Record<number, Described> {
  const common: Record<number, Described> = {};
  if (operation.headers || operation.params || operation.query || operation.body)
    common[400] = errorResponse('A parameter or the body is missing, malformed or out of range');
  // Fastify's own answer for a path parameter longer than its maxParamLength (100 characters).
  if (operation.params) common[414] = errorResponse('A path parameter is too long');
  if (operation.access === 'vendor-link') common[401] = errorResponse('No link, or not a link we made');
  if (operation.access === 'user' || operation.access === 'admin') {
    common[401] = errorResponse('No valid session');
    common[403] = errorResponse(
      operation.access === 'admin' ? 'Admins only, or access removed' : 'Access removed',
      'access-removed',
    );
  }
  if (operation.body) {
    common[413] = errorResponse('The body or a file in it is too large');
    common[415] = errorResponse('The body is not JSON');
  }
  if (operation.rawBody) common[415] = errorResponse(`The body is not ${operation.rawBody}`);
  const own = Object.fromEntries(
    Object.entries(operation.responses).map(([status, spec]): [string, Described] => {
      if (Number(status) < 400) return [status, spec];
      // An operation's own answer of a common status keeps the common codes (access removed beside its own 403).
      const codes = [...(common[Number(status)]?.codes ?? []), ...(spec.codes ?? [])];
      return [status, { ...spec, isError: true, ...(codes.length > 0 ? { codes } : {}) }];
    }),
  );
  return { ...common, ...own };
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function operationId(operation: RegisteredOperation): string {
  const words = operation.path
    .replace(/^\/api\//, '')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);
  return [operation.method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

function parametersOf(schema: z.ZodMiniObject | undefined, location: 'path' | 'query' | 'header') {
  if (!schema) return [];
  const json = jsonSchemaOf(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

function contentOf(status: number, spec: Described) {
  if (spec.mediaType) return { [spec.mediaType]: { schema: { type: 'string', contentMediaType: spec.mediaType } } };
  if (spec.schema) return { 'application/json': { schema: jsonSchemaOf(spec.schema) } };
  if (spec.isError) return { 'application/json': { schema: errorSchema(codesOf(status, spec)) } };
  return undefined;
}

function describe(operation: RegisteredOperation) {
  const responses = Object.fromEntries(
    Object.entries(responsesOf(operation)).map(([status, spec]) => {
      const content = contentOf(Number(status), spec);
      return [status, { description: spec.description, ...(content ? { content } : {}) }];
    }),
  );
  return {
    operationId: operationId(operation),
    summary: operation.summary,
    'x-access': operation.access,
    // A vendor link is a bearer token too (the document's default security); only 'anyone' needs none.
    ...(operation.access === 'anyone' ? { security: [] } : {}),
    parameters: [
      ...parametersOf(operation.params, 'path'),
      ...parametersOf(operation.query, 'query'),
      ...parametersOf(operation.headers, 'header'),
    ],
    ...(operation.body
      ? {
          requestBody: {
            // A missing body reads as {}: it is required only when {} is not enough.
            required: !z.safeParse(operation.body, {}).success,
            content: { 'application/json': { schema: jsonSchemaOf(operation.body) } },
          },
        }
      : {}),
    ...(operation.rawBody
      ? { requestBody: { required: true, content: { [operation.rawBody]: { schema: { type: 'string' } } } } }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the given operations (the app's registered declarations) and their shared contracts. */
export function buildOpenApiDocument(operations: readonly RegisteredOperation[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    (paths[openApiPath(operation.path)] ??= {})[operation.method.toLowerCase()] = describe(operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dispatch API',
      version: '1',
      description:
        "Every error answers JSON {message, code}: message for people, code stable for programs (its status's default, or one its operation lists). Text values must not contain NUL characters; ids are PostgreSQL integers.",
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: errorSchema() },
    },
    security: [{ bearer: [] }],
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
