import type { RegisteredOperation } from '#shared/api/operation';
import { createTestApp } from './test-app';

/**
 * The declarations of every operation a built app serves (collected as its routes are defined), for the tests that go
 * over all of them when their cases are collected, before any app of theirs is built.
 */
export async function servedOperations(): Promise<readonly RegisteredOperation[]> {
  const t = await createTestApp({ MAIL_TRANSPORT: 'outbox' });
  try {
    return [...t.app.apiOperations];
  } finally {
    await t.close();
  }
}
