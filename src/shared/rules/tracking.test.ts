import { describe, expect, it } from 'vitest';
import { applySeedTestReview, isRepeatedReview, reviewChoicesFor, type TrackingFields } from './tracking';

const NOW = new Date('2026-03-10T15:00:00Z');
const fields = (changes: Partial<TrackingFields>): TrackingFields => ({
  status: 'sent',
  receivedAt: null,
  scheduledDate: null,
  scheduledTime: null,
  segment: null,
  plannedQuantity: null,
  seedTestSentAt: null,
  reviewedAt: null,
  reviewNote: null,
  deployedDate: null,
  deployedQuantity: null,
  cannotDeployReason: null,
  note: null,
  ...changes,
});
const seedTestSent = fields({ status: 'seed-test-sent', seedTestSentAt: NOW });

describe("the team's answer to a seed test", () => {
  it('approves or requests changes once the vendor reported a seed test, keeping the note', () => {
    expect(applySeedTestReview(seedTestSent, { decision: 'approve' }, NOW)).toEqual({
      ok: true,
      changes: { status: 'approved', reviewedAt: NOW, reviewNote: null },
      summary: 'Seed test approved',
    });
    expect(
      applySeedTestReview(seedTestSent, { decision: 'request-changes', note: ' Fix the footer ' }, NOW),
    ).toMatchObject({
      ok: true,
      changes: { status: 'changes-requested', reviewNote: 'Fix the footer' },
      summary: 'Changes requested: Fix the footer',
    });
    // The team may change its mind on the same seed test.
    expect(
      applySeedTestReview({ ...seedTestSent, status: 'changes-requested' }, { decision: 'approve' }, NOW),
    ).toMatchObject({ ok: true, changes: { status: 'approved' } });
  });

  it('refuses with 409 before a seed test, after the deployment and once the vendor cannot deploy', () => {
    for (const current of [
      fields({}),
      fields({ status: 'scheduled' }),
      fields({ status: 'deployed', seedTestSentAt: NOW }),
      fields({ status: 'cannot-deploy', seedTestSentAt: NOW }),
    ]) {
      expect(applySeedTestReview(current, { decision: 'approve' }, NOW)).toMatchObject({ ok: false, status: 409 });
    }
    expect(
      applySeedTestReview(fields({ status: 'deployed', seedTestSentAt: NOW }), { decision: 'approve' }, NOW),
    ).toMatchObject({ message: 'This deployment is already reported as deployed.' });
  });

  it('tells a repeated answer (a double click) from a new one', () => {
    const approved = { ...seedTestSent, status: 'approved' as const, reviewNote: 'Fine' };
    expect(isRepeatedReview(approved, { decision: 'approve', note: 'Fine ' })).toBe(true);
    expect(isRepeatedReview(approved, { decision: 'approve' })).toBe(false);
    expect(isRepeatedReview(approved, { decision: 'request-changes', note: 'Fine' })).toBe(false);
    expect(isRepeatedReview(seedTestSent, { decision: 'approve' })).toBe(false);
  });

  it('offers the answers the server takes: both for a new seed test, the other one after an answer, none otherwise', () => {
    expect(reviewChoicesFor(seedTestSent)).toEqual(['approve', 'request-changes']);
    expect(reviewChoicesFor({ ...seedTestSent, status: 'approved' })).toEqual(['request-changes']);
    expect(reviewChoicesFor({ ...seedTestSent, status: 'changes-requested' })).toEqual(['approve']);
    for (const current of [
      fields({}),
      fields({ status: 'scheduled' }),
      fields({ status: 'deployed', seedTestSentAt: NOW }),
    ])
      expect(reviewChoicesFor(current)).toEqual([]);
    // Every answer offered is one the server takes.
    for (const current of [
      seedTestSent,
      { ...seedTestSent, status: 'approved' as const },
      { ...seedTestSent, status: 'changes-requested' as const },
    ]) {
      for (const decision of reviewChoicesFor(current)) {
        const review = decision === 'approve' ? { decision } : { decision, note: 'Fix it' };
        expect(applySeedTestReview(current, review, NOW).ok).toBe(true);
      }
    }
  });
});
