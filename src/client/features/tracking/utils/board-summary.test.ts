import { describe, expect, it } from 'vitest';
import { leftOutText, owedTotalLabel, spendTotalLabel } from './board-summary';

describe('the tracking board summary', () => {
  it('calls the total partial when the board left deployments out', () => {
    expect(spendTotalLabel({ open: 0, closed: 0 })).toBe('Expected spend of these deployments:');
    expect(spendTotalLabel({ open: 0, closed: 3 })).toBe('Expected spend of the deployments shown:');
    expect(spendTotalLabel({ open: 1, closed: 0 })).toBe('Expected spend of the deployments shown:');
  });

  it('keeps the expected spend for deployments without results once others have an amount owed', () => {
    expect(owedTotalLabel({ open: 0, closed: 0 })).toBe('Owed for these deployments with results:');
    expect(owedTotalLabel({ open: 0, closed: 2 })).toBe('Owed for the deployments shown with results:');
    expect(spendTotalLabel({ open: 0, closed: 0 }, true)).toBe('Expected spend of these deployments without results:');
  });

  it('says what was left out, in one sentence', () => {
    expect(leftOutText({ open: 0, closed: 0 })).toBeNull();
    expect(leftOutText({ open: 1, closed: 0 })).toBe(
      '1 open deployment is not shown. Filter by client, vendor or date to see it.',
    );
    expect(leftOutText({ open: 0, closed: 1250 })).toBe(
      '1,250 older finished deployments (Deployed, Cannot deploy) are not shown. Filter by client, vendor or date to see them.',
    );
    expect(leftOutText({ open: 2, closed: 1 })).toBe(
      '2 open deployments and 1 older finished deployment (Deployed, Cannot deploy) are not shown. Filter by client, vendor or date to see them.',
    );
  });
});
