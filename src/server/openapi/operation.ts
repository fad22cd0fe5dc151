import type * as z from 'zod/mini';

/** Who may call an operation: anyone, any signed-in user, or admins. */
export type Access = 'anyone' | 'user' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ResponseSpec {
  description: string;
  /** The JSON body; absent for an answer without a body (204) or a download. */
  schema?: z.ZodMiniType;
  /** A download's media type instead of JSON. */
  mediaType?: string;
}

/** One operation of the API, described by the shared contracts its route parses with. */
export interface ApiOperation {
  method: HttpMethod;
  /** The path as Fastify registers it ('/api/vendors/:vendorId'). */
  path: string;
  summary: string;
  access: Access;
  params?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  body?: z.ZodMiniType;
  /** Answers beyond those every operation of its kind has (see withCommonResponses). */
  responses: Record<number, ResponseSpec>;
}
