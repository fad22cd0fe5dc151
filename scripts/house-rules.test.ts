import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { houseRules } from '../eslint.config.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const at = (path: string) => join(root, path);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
});
const mailToModules = 'src/server/mail never imports src/server/modules';

tester.run('house/import-direction', houseRules['import-direction'], {
  valid: [
    { filename: at('src/server/mail/deliveries.ts'), code: "import * as repo from './deliveries-repository';" },
    { filename: at('src/server/mail/gmail.ts'), code: "import { AppError } from '#server/errors';" },
    { filename: at('src/server/mail/gmail.ts'), code: "import { AppError } from '../errors';" },
    {
      filename: at('src/server/modules/sends/service.ts'),
      code: "import type { DeliveryWorker } from '#server/mail/deliveries';",
    },
    { filename: at('src/server/modules/sends/service.ts'), code: "import * as repo from './repository';" },
    { filename: at('src/server/app.ts'), code: "import { createGoogleContext } from './modules/google/context';" },
  ],
  invalid: [
    {
      filename: at('src/server/mail/deliveries.ts'),
      code: "import * as repo from '#server/modules/sends/log-repository';",
      errors: [
        {
          message: `#server/modules/sends/log-repository: ${mailToModules} (declare an interface in mail and have the caller pass it in)`,
        },
      ],
    },
    {
      filename: at('src/server/mail/gmail.ts'),
      code: "import type { GoogleAccessTokens } from '../modules/google/access-token';",
      errors: 1,
    },
    {
      filename: at('src/server/mail/queue/worker.ts'),
      code: "import { x } from '../../modules/sends/repository';",
      errors: 1,
    },
    {
      filename: at('src/server/mail/gmail.test.ts'),
      code: "import { createGoogleContext } from '../modules/google/context';",
      errors: 1,
    },
    {
      filename: at('src/server/mail/index.ts'),
      code: "export { createGoogleContext } from '#server/modules/google/context';",
      errors: 1,
    },
    { filename: at('src/server/mail/index.ts'), code: "export * from '../modules/google/context';", errors: 1 },
    { filename: at('src/server/mail/lazy.ts'), code: "await import('#server/modules/google/context');", errors: 1 },
    {
      filename: at('src/shared/email/compose.ts'),
      code: "import { x } from '#server/config';",
      errors: [{ message: '#server/config: src/shared is pure and imports only src/shared' }],
    },
    { filename: at('src/client/lib/request.ts'), code: "import { x } from '../../server/errors';", errors: 1 },
    {
      filename: at('src/client/features/send/page.tsx'),
      code: "import { x } from '#client/features/vendors/queries';",
      errors: 1,
    },
  ],
});

const surface = (path: string) => `modules meet only at their index.ts (${path})`;

tester.run('house/module-surface', houseRules['module-surface'], {
  valid: [
    { filename: at('src/server/modules/sends/service.ts'), code: "import * as repo from './repository';" },
    { filename: at('src/server/modules/tracking/service.ts'), code: "import { checkSenderOrAdmin } from '../sends';" },
    { filename: at('src/server/modules/tracking/x.ts'), code: "import { y } from '#server/modules/sends/index';" },
    { filename: at('src/server/modules/tracking/board.test.ts'), code: "import { y } from '../sends/index.ts';" },
    { filename: at('src/server/modules/sends/x.test.ts'), code: "import { y } from './log-repository';" },
    // Outside the modules (the app, the mail queue, test helpers) a file may import what it needs.
    { filename: at('src/server/app.ts'), code: "import { createGoogleContext } from './modules/google/context';" },
    { filename: at('src/server/modules/plugins.ts'), code: "import { sendsPlugin } from './sends/plugin';" },
  ],
  invalid: [
    {
      filename: at('src/server/modules/sends/service.ts'),
      code: "import * as repo from '../tracking/repository';",
      errors: [{ message: `../tracking/repository: ${surface('sends -> tracking/repository')}; import '../tracking'` }],
    },
    {
      filename: at('src/server/modules/payouts/service.ts'),
      code: "import type { X } from '#server/modules/sends/owed';",
      errors: 1,
    },
    { filename: at('src/server/modules/users/x.test.ts'), code: "import { y } from '../invites/service';", errors: 1 },
    { filename: at('src/server/modules/users/x.ts'), code: "export { y } from '../invites/repository';", errors: 1 },
    { filename: at('src/server/modules/users/x.ts'), code: "await import('../invites/mail');", errors: 1 },
  ],
});

tester.run('house/drizzle-in-repositories', houseRules['drizzle-in-repositories'], {
  valid: [
    { filename: at('src/server/mail/deliveries-repository.ts'), code: "import { eq } from 'drizzle-orm';" },
    { filename: at('src/server/modules/sends/repository.ts'), code: "import { eq } from 'drizzle-orm';" },
    { filename: at('src/server/modules/sends/log-repository.ts'), code: "import { eq } from 'drizzle-orm';" },
    { filename: at('src/server/mail/queue/claims-repository.ts'), code: "import { eq } from 'drizzle-orm';" },
    {
      filename: at('src/server/modules/tracking/follow-ups-repository.ts'),
      code: "import { eq } from 'drizzle-orm';",
    },
    {
      filename: at('src/server/modules/tracking/reminders-repository.ts'),
      code: "import { eq } from 'drizzle-orm';",
    },
    { filename: at('src/server/modules/google/sign-in.test.ts'), code: "import { eq } from 'drizzle-orm';" },
    { filename: at('src/server/modules/google/google-fixtures.ts'), code: "import { eq } from 'drizzle-orm';" },
  ],
  invalid: [
    { filename: at('src/server/mail/deliveries.ts'), code: "import { eq } from 'drizzle-orm';", errors: 1 },
    { filename: at('src/server/modules/sends/service.ts'), code: "import { eq } from 'drizzle-orm';", errors: 1 },
    { filename: at('src/server/modules/sends/log-service.ts'), code: "import { eq } from 'drizzle-orm';", errors: 1 },
    { filename: at('src/server/mail/queue/claims.ts'), code: "import { eq } from 'drizzle-orm';", errors: 1 },
    {
      filename: at('src/server/modules/tracking/repository-helpers.ts'),
      code: "import { eq } from 'drizzle-orm';",
      errors: 1,
    },
  ],
});

// The repository's own configuration: a request schema in a client module would bring zod's checks into the send
// page's first load (decision 0047).
describe('the client imports contracts through their plain modules', () => {
  const problemsOf = async (code: string) => {
    const [result] = await new ESLint({ cwd: root }).lintText(code, { filePath: at('src/client/api/probe.ts') });
    return result!.messages.map((message) => message.ruleId);
  };

  it('refuses a value from a contract module with request schemas, and lets its types and the plain modules through', async () => {
    expect(await problemsOf("export { TRACKING_STATUS_LABELS } from '#shared/contracts/tracking';")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ]);
    expect(await problemsOf("export type { VendorAction } from '#shared/contracts/tracking';")).toEqual([]);
    expect(await problemsOf("export { TRACKING_STATUS_LABELS } from '#shared/contracts/responses/tracking';")).toEqual(
      [],
    );
    expect(await problemsOf("export { DEFAULT_SPLIT } from '#shared/contracts/vendor-terms';")).toEqual([]);
  });
});
