import { describe, expect } from 'vitest';
import { ADMIN_EMAIL, bearer, inviteTokenOf, PASSWORD } from '#server/testing/test-app';
import { issueSetupLinks, SETUP_LINK_LIFETIME_MS } from './service';
import { NEUTRAL, withTwoAdmins } from './invites-fixtures';

describe('the first admin', () => {
  withTwoAdmins(
    'gets a setup link in the log for each ADMIN_EMAILS address without an account at each start, each valid 24 hours until one is used',
    async ({ t, app, registerWith, lookup }) => {
      const lines: { fields: Record<string, unknown>; msg: string }[] = [];
      const log = { warn: (fields: Record<string, unknown>, msg: string) => void lines.push({ fields, msg }) };
      const deps = { db: t.database.db, clock: t.clock, config: t.config };

      const first = await issueSetupLinks(deps, t.config.adminEmails, log);
      expect(lines.map((line) => [line.msg, line.fields.email])).toEqual([
        ['setup link', ADMIN_EMAIL],
        ['setup link', 'second@agency.test'],
      ]);
      expect(lines[0]!.fields.setupUrl).toMatch(/^https:\/\/dispatch\.agency\.test\/auth\?invite=[\w-]{43}$/);
      expect(first[0]!.setupUrl).toBe(lines[0]!.fields.setupUrl);

      // The next start logs new links; the earlier ones stay valid.
      lines.length = 0;
      const second = await issueSetupLinks(deps, t.config.adminEmails, log);
      expect(second[0]!.setupUrl).not.toBe(first[0]!.setupUrl);
      expect((await lookup(inviteTokenOf(first[0]!.setupUrl))).json()).toEqual({ email: ADMIN_EMAIL });
      expect((await lookup(inviteTokenOf(second[0]!.setupUrl))).json()).toEqual({ email: ADMIN_EMAIL });

      // Using one voids the others.
      const admin = await registerWith({
        email: ADMIN_EMAIL,
        password: PASSWORD,
        invite: inviteTokenOf(first[0]!.setupUrl),
      });
      expect(admin.statusCode).toBe(201);
      const me = (await app.inject({ method: 'GET', url: '/api/user', headers: bearer(admin.json().token) })).json();
      expect(me.isAdmin).toBe(true);
      expect((await lookup(inviteTokenOf(second[0]!.setupUrl))).json()).toEqual(NEUTRAL);

      t.clock.advance(SETUP_LINK_LIFETIME_MS + 1);
      for (const { setupUrl } of [first[1]!, second[1]!]) {
        const expired = await registerWith({
          email: 'second@agency.test',
          password: PASSWORD,
          invite: inviteTokenOf(setupUrl),
        });
        expect(expired.statusCode).toBe(403);
      }

      // An admin with an account gets no link.
      lines.length = 0;
      await issueSetupLinks(deps, t.config.adminEmails, log);
      expect(lines.map((line) => line.fields.email)).toEqual(['second@agency.test']);
    },
  );

  withTwoAdmins(
    "a setup link works whichever instance logged it: the first instance's registers the admin, then the second's is refused",
    async ({ t, env, startApp }) => {
      const log = { warn: () => {} };
      // Two instances on one database, started one after the other, each logging its setup link as main.ts does.
      const startInstance = async () => {
        const instance = await startApp(env, t.database);
        const [link] = await issueSetupLinks(
          { db: instance.database.db, clock: instance.clock, config: instance.config },
          [ADMIN_EMAIL],
          log,
        );
        return { app: instance.app, invite: inviteTokenOf(link!.setupUrl) };
      };
      const first = await startInstance();
      const second = await startInstance();
      const register = (app: typeof first.app, invite: string) =>
        app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { email: ADMIN_EMAIL, password: PASSWORD, invite },
        });

      // The operator read the first instance's log; the request reaches the second.
      const admin = await register(second.app, first.invite);
      expect(admin.statusCode).toBe(201);
      const me = await first.app.inject({ method: 'GET', url: '/api/user', headers: bearer(admin.json().token) });
      expect(me.json()).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true });

      const late = await register(first.app, second.invite);
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual(NEUTRAL);
    },
  );
});
