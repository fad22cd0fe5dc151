import type * as z from 'zod/mini';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appSettings } from '#shared/contracts/app-settings';
import { authResponse, currentUser, firstNameResponse } from '#shared/contracts/auth';
import { noContent } from '#shared/contracts/common';
import { draftCard, draftList, sessionState } from '#shared/contracts/drafts';
import { testEmailResult } from '#shared/contracts/email-test';
import { sendList, retryFailedResult, sendAgainResult } from '#shared/contracts/sends';
import { proofResult, sendResult } from '#shared/contracts/send';
import { authorizedEmail, permissionsResult, userList } from '#shared/contracts/users';
import {
  approvalEmail,
  approvalEmailList,
  vendor,
  vendorCosts,
  vendorCostsList,
  vendorList,
  vendorSplit,
  vendorSplitList,
  vendorUtmSource,
  vendorUtmSourceList,
} from '#shared/contracts/vendors';
import { FAST_DELIVERY, seedVendors, sendBodyFor, temporaryDataDir } from '#server/testing/send-fixtures';
import { startSmtpSink, type SmtpSink } from '#server/testing/smtp-sink';
import { ADMIN_EMAIL, bearer, createTestApp, register, type TestContext } from '#server/testing/test-app';

// The client parses every answer with these schemas (src/client/lib/request.ts): an answer that drifts from its
// contract breaks the screen that reads it, so it fails here first.

let t: TestContext;
let smtp: SmtpSink;
let data: ReturnType<typeof temporaryDataDir>;
let admin: string;

beforeEach(async () => {
  smtp = await startSmtpSink();
  data = temporaryDataDir();
  t = await createTestApp({ DATA_DIR: data.dir, MAIL_TRANSPORT: 'smtp', SMTP_URL: smtp.url }, undefined, {
    delivery: FAST_DELIVERY,
  });
  admin = await register(t.app, ADMIN_EMAIL);
  await seedVendors(t.app, admin);
});
afterEach(async () => {
  await t.close();
  await smtp.close();
  data.remove();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as the client does and parses the answer as request.ts does; returns the parsed answer. */
async function answer<S extends z.ZodMiniType>(
  method: Method,
  url: string,
  schema: S,
  payload?: unknown,
  token = admin,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
  const body: unknown = response.body ? JSON.parse(response.body) : undefined;
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? [], `${method} ${url}`).toEqual([]);
  return parsed.data as z.output<S>;
}

describe('every answer the client reads matches its shared contract', () => {
  it('user, settings, vendors, vendor terms, approval addresses and users', async () => {
    await answer('GET', '/api/user', currentUser);
    await answer('GET', '/api/user/first-name', firstNameResponse);
    await answer('GET', '/api/app-settings', appSettings);
    await answer('POST', '/api/login', authResponse, { email: ADMIN_EMAIL, password: 'correct horse battery' });

    await answer('GET', '/api/vendors', vendorList);
    const created = { vendorId: 'zulu0001', name: 'Zulu', emails: ['z@zulu.test'], defaultUtmSource: 'zulu' };
    await answer('POST', '/api/vendors', vendor, created);
    await answer('PUT', '/api/vendors/zulu0001', vendor, { ...created, vendorId: undefined, name: 'Zulu Lists' });
    await answer('POST', '/api/vendor-splits', vendorSplit, { vendorId: 'zulu0001', splitRatio: '55/45' });
    await answer('GET', '/api/vendor-splits', vendorSplitList);
    await answer('POST', '/api/vendor-utm-sources', vendorUtmSource, { vendorId: 'zulu0001', utmSource: 'zulu-2' });
    await answer('GET', '/api/vendor-utm-sources', vendorUtmSourceList);
    await answer('POST', '/api/vendor-costs', vendorCosts, { vendorId: 'zulu0001', costPerDonor: 4.5, cpdBudget: 900 });
    await answer('GET', '/api/vendor-costs', vendorCostsList);
    await answer('DELETE', '/api/vendors/zulu0001', noContent);

    const approval = await answer('POST', '/api/approval-emails', approvalEmail, { email: 'boss@agency.test' });
    await answer('GET', '/api/approval-emails', approvalEmailList);
    await answer('DELETE', `/api/approval-emails/${approval.id}`, noContent);

    const added = await answer('POST', '/api/authorized-emails', authorizedEmail, { email: 'new@agency.test' });
    await register(t.app, 'new@agency.test');
    const users = await answer('GET', '/api/users', userList);
    const newUserId = users.find((row) => row.email === 'new@agency.test')!.id!;
    await answer('PATCH', `/api/users/${newUserId}/permissions`, permissionsResult, { isAdmin: true });
    await answer('PATCH', `/api/users/${newUserId}/permissions`, permissionsResult, { isAdmin: false });
    await answer('DELETE', `/api/authorized-emails/${added.id}`, noContent);
  });

  it('drafts and the session', async () => {
    await answer('GET', '/api/prospecting-drafts', draftList);
    await answer('POST', '/api/prospecting-drafts', draftCard, { cardId: 'main', cardType: 'email' });
    await answer('PATCH', '/api/prospecting-drafts/main', draftCard, { htmlSubject: 'Spring' });
    await answer('GET', '/api/prospecting-drafts', draftList);
    await answer('DELETE', '/api/prospecting-drafts/main', noContent);
    await answer('DELETE', '/api/prospecting-drafts', noContent);
    await answer('GET', '/api/prospecting-session', sessionState);
    await answer('POST', '/api/prospecting-session', sessionState, {
      selectedClient: 'goa-victory',
      selectedVendors: ['acme1234'],
      showInitialSelection: false,
      pricingModel: 'CPM',
    });
    await answer('DELETE', '/api/prospecting-session', noContent);
  });

  it('sends, proofs, the log, Retry failed, Send again and the email test', async () => {
    await answer('POST', '/api/send-proof', proofResult, { ...sendBodyFor(['acme1234']), vendorId: 'acme1234' });
    // Bravo refuses for good and Acme's connection drops after the data: a failed and an uncertain delivery.
    smtp.answer = (message) =>
      message.to.includes('team@bravo.test')
        ? { kind: 'refuse', code: 550, message: 'Mailbox unavailable' }
        : { kind: 'drop' };
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/send-email-consolidated',
      headers: { ...bearer(admin), 'idempotency-key': 'contract-test-1' },
      payload: sendBodyFor(['acme1234', 'bravo5678']) as object,
    });
    const result = sendResult.parse(sent.json());
    smtp.answer = undefined;
    const [entry] = await answer('GET', '/api/email-logs', sendList);
    expect(entry!.id).toBe(result.id);
    await answer('POST', `/api/email-logs/${result.id}/retry-failed`, retryFailedResult);
    await answer('POST', `/api/email-logs/${result.id}/deliveries/acme1234/send-again`, sendAgainResult);
    await answer('POST', '/api/send-email', testEmailResult, {
      to: 'someone@example.test',
      subject: 'Hello',
      text: 'Hi',
    });
  });
});
