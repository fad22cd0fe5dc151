import { describe, expect } from 'vitest';
import type { RegisteredOperation } from '#shared/api/operation';
import { MEMBER_EMAIL } from '#server/testing/fixtures';
import { ADMIN_EMAIL, PASSWORD, bearer } from '#server/testing/test-app';
import { tokenOf, trackingTest as it } from '#server/testing/tracking-fixtures';
import { jsonSchemaOf } from './document';

type Role = 'anonymous' | 'user' | 'admin' | 'vendor link';

/**
 * What the declaration promises each caller: refused for want of a session or a link (401), refused as not an admin
 * (403), or let through to the operation (anything else: its answer, a 400 or a 404 of the made-up ids).
 */
function expectedFor(operation: RegisteredOperation, role: Role): 'refused 401' | 'refused 403' | 'let through' {
  switch (operation.access) {
    case 'anyone':
      return 'let through';
    case 'vendor-link':
      return role === 'vendor link' ? 'let through' : 'refused 401';
    case 'user':
      return role === 'anonymous' ? 'refused 401' : 'let through';
    case 'admin':
      return role === 'anonymous' ? 'refused 401' : role === 'user' ? 'refused 403' : 'let through';
  }
}

const outcomeOf = (status: number) => (status === 401 ? 'refused 401' : status === 403 ? 'refused 403' : 'let through');

/** Path parameters that parse but name nothing: an id no row has, a vendor id no vendor has. */
function samplePath(operation: RegisteredOperation): string {
  const properties =
    (operation.params ? jsonSchemaOf(operation.params) : {}).properties ??
    ({} as Record<string, { type?: string; maximum?: number }>);
  return operation.path.replace(/:(\w+)/g, (_, name: string) => {
    const property = (properties as Record<string, { type?: string; maximum?: number }>)[name];
    return property?.type === 'integer' ? String(Math.min(property.maximum ?? 999_999, 999_999)) : 'nobody0';
  });
}

/** Some 250 requests, a few through argon2 and the mail queue: long on a busy machine, never a reason to check fewer. */
const TIMEOUT_MS = 300_000;

describe('who may call each operation', () => {
  it(
    'is what its declaration says: anonymous, a user, an admin and a vendor link, on every operation the app serves',
    { timeout: TIMEOUT_MS },
    async ({ app, admin, member, sent }) => {
      const tokens: Record<Exclude<Role, 'anonymous'>, string> = {
        admin,
        user: member,
        'vendor link': tokenOf(sent.links.acme1234!),
      };
      const emails = { admin: ADMIN_EMAIL, user: MEMBER_EMAIL };
      const mismatches: string[] = [];
      for (const operation of app.apiOperations) {
        const roles: Role[] = [
          'anonymous',
          'user',
          'admin',
          ...(operation.access === 'vendor-link' ? ['vendor link' as const] : []),
        ];
        for (const role of roles) {
          const token = role === 'anonymous' ? undefined : tokens[role];
          const response = await app.inject({
            method: operation.method,
            url: samplePath(operation),
            headers: token ? bearer(token) : {},
            ...(operation.body ? { payload: {} } : {}),
          });
          const expected = expectedFor(operation, role);
          const actual = outcomeOf(response.statusCode);
          if (actual !== expected)
            mismatches.push(
              `${operation.method} ${operation.path} declared '${operation.access}', as ${role}: ${response.statusCode} (${expected} expected)`,
            );
          // Signing out ends the caller's session: sign in again for the operations after it.
          if (role === 'user' || role === 'admin') {
            if (operation.path === '/api/logout') {
              const login = await app.inject({
                method: 'POST',
                url: '/api/login',
                payload: { email: emails[role], password: PASSWORD },
              });
              tokens[role] = login.json<{ token: string }>().token;
            }
          }
        }
      }
      expect(app.apiOperations.length).toBeGreaterThan(60);
      expect(mismatches).toEqual([]);
    },
  );
});
