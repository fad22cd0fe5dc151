import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as shapes from '#shared/contracts/responses';
import { readShape, type Shape } from '#shared/contracts/shape';
import { invalidValue, nastyValue, validValue, type JsonSchema } from '#server/testing/json-schema-arbitrary';
import { servedOperations } from '#server/testing/served-operations';

const API_OPERATIONS = await servedOperations();

/** Every shape the browser reads an answer with, and the operations whose success answer it reads. */
const READS: [Shape<unknown>, string[]][] = [
  [shapes.vendorListShape, ['GET /api/vendors 200']],
  [shapes.vendorShape, ['POST /api/vendors 201', 'PUT /api/vendors/:vendorId 200']],
  [shapes.vendorSplitListShape, ['GET /api/vendor-splits 200']],
  [shapes.vendorSplitShape, ['POST /api/vendor-splits 200', 'POST /api/vendor-splits 201']],
  [shapes.vendorUtmSourceListShape, ['GET /api/vendor-utm-sources 200']],
  [shapes.vendorUtmSourceShape, ['POST /api/vendor-utm-sources 200', 'POST /api/vendor-utm-sources 201']],
  [shapes.vendorCostsListShape, ['GET /api/vendor-costs 200']],
  [shapes.vendorCostsShape, ['POST /api/vendor-costs 200', 'POST /api/vendor-costs 201']],
  [shapes.approvalEmailListShape, ['GET /api/approval-emails 200']],
  [shapes.approvalEmailShape, ['POST /api/approval-emails 201']],
  [shapes.authResponseShape, ['POST /api/login 200', 'POST /api/register 201', 'POST /api/auth/google/exchange 200']],
  [shapes.inviteLookupShape, ['POST /api/invites/lookup 200']],
  [shapes.connectTicketShape, ['POST /api/auth/google/connect-ticket 201']],
  [shapes.currentUserShape, ['GET /api/user 200']],
  [shapes.firstNameShape, ['GET /api/user/first-name 200']],
  [shapes.appSettingsShape, ['GET /api/app-settings 200']],
  [shapes.userListShape, ['GET /api/users 200']],
  [shapes.authorizedEmailShape, ['POST /api/authorized-emails 201']],
  [shapes.inviteShape, ['POST /api/authorized-emails/:id/invite 201']],
  [shapes.permissionsResultShape, ['PATCH /api/users/:userId/permissions 200']],
  [shapes.draftListShape, ['GET /api/prospecting-drafts 200']],
  [shapes.draftCardShape, ['POST /api/prospecting-drafts 201', 'PATCH /api/prospecting-drafts/:cardId 200']],
  [
    shapes.sessionStateShape,
    ['GET /api/prospecting-session 200', 'POST /api/prospecting-session 200', 'PATCH /api/prospecting-session 200'],
  ],
  [shapes.sendResultShape, ['POST /api/send-email-consolidated 200']],
  [shapes.proofResultShape, ['POST /api/send-proof 200', 'POST /api/email-logs/:id/add-vendors/proof 200']],
  [shapes.testEmailResultShape, ['POST /api/send-email 200']],
  [shapes.emailLogListShape, ['GET /api/email-logs 200']],
  [shapes.emailLogEntryShape, ['GET /api/email-logs/:id 200']],
  [shapes.retryFailedResultShape, ['POST /api/email-logs/:id/retry-failed 200']],
  [shapes.remindersSettingResultShape, ['PUT /api/email-logs/:id/reminders 200']],
  [shapes.sendAgainResultShape, ['POST /api/email-logs/:id/deliveries/:vendorId/send-again 200']],
  [shapes.useAsNewSendResultShape, ['POST /api/email-logs/:id/use-as-new-send 200']],
  [shapes.addVendorsResultShape, ['POST /api/email-logs/:id/add-vendors 200']],
  [shapes.addVendorsPreviewShape, ['POST /api/email-logs/:id/add-vendors/preview 200']],
  [shapes.messageComparisonShape, ['GET /api/email-logs/:id/compare 200']],
  [shapes.vendorPageShape, ['GET /api/vendor-page 200', 'POST /api/vendor-page/actions 200']],
  [shapes.trackingBoardShape, ['GET /api/tracking 200']],
  [shapes.revokeLinkResultShape, ['POST /api/email-logs/:id/deliveries/:vendorId/revoke-link 200']],
  [shapes.seedTestReviewResultShape, ['POST /api/email-logs/:id/deliveries/:vendorId/review 200']],
  [shapes.recordUpdateResultShape, ['POST /api/email-logs/:id/deliveries/:vendorId/tracking 200']],
  [shapes.recentPerformanceShape, ['GET /api/vendor-performance/recent 200']],
];

function responseSchema(key: string): z.ZodMiniType {
  const [method, path, status] = key.split(' ');
  const operation = API_OPERATIONS.find((candidate) => candidate.method === method && candidate.path === path);
  const schema = operation?.responses[Number(status)]?.schema;
  if (!schema) throw new Error(`${key}: no such operation answer with a body`);
  return schema;
}

describe('the shapes the browser reads answers with', () => {
  it.each(READS.flatMap(([shape, keys]) => keys.map((key) => [key, shape] as const)))(
    '%s: agree with the published schema on every answer',
    (key, shape) => {
      const schema = responseSchema(key);
      const json = z.toJSONSchema(schema, {
        io: 'output',
        unrepresentable: 'any',
        target: 'draft-2020-12',
      }) as JsonSchema;
      fc.assert(
        fc.property(fc.oneof(validValue(json), invalidValue(json), nastyValue), (value) => {
          const expected = schema.safeParse(value);
          const actual = readShape(shape, value);
          expect(actual.success).toBe(expected.success);
          if (actual.success && expected.success) expect(actual.data).toEqual(expected.data);
        }),
        { numRuns: 200 },
      );
    },
  );

  it('include every shape the browser has (request() takes nothing else, so each answer it reads is held here)', () => {
    const held = new Set<unknown>(READS.map(([shape]) => shape));
    const unheld = Object.entries(shapes)
      .filter(([name, shape]) => name !== 'noContent' && !held.has(shape))
      .map(([name]) => name);
    expect(unheld).toEqual([]);
  });

  it('take an empty answer as no content and refuse any body there', () => {
    expect(readShape(shapes.noContent, undefined)).toEqual({ success: true, data: undefined });
    expect(readShape(shapes.noContent, {}).success).toBe(false);
    expect(readShape(shapes.noContent, null).success).toBe(false);
  });
});
