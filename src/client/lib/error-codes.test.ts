import { describe, expect, it } from 'vitest';
import { sessionOutcomeOf } from '../app/session-errors';
import { hasErrorCode, RequestError } from './request';

/** A refusal as the server sends it: `{ message, code }` with its status. */
const refusal = (status: number, message: string, code?: string) =>
  new RequestError(status, JSON.stringify(code === undefined ? { message } : { message, code }), 'Refused');

// The client branches on the stable code of an error answer, never on its words nor its own clock (decision 0081):
// a message reworded on the server changes nothing, and the old words without the code are not taken for it.
describe('error codes on the client', () => {
  it("reads the answer's code and message once, and nothing from a body that is not an error answer", () => {
    const error = refusal(409, 'March has not ended yet.', 'month-not-over');
    expect([error.code, error.serverMessage]).toEqual(['month-not-over', 'March has not ended yet.']);
    const bare = new RequestError(502, '<html>Bad gateway</html>', 'Bad Gateway');
    expect([bare.code, bare.serverMessage]).toEqual([undefined, undefined]);
  });

  it('asks before finalizing a month that is not over on month-not-over, whatever the words', () => {
    expect(hasErrorCode(refusal(409, 'Any words at all.', 'month-not-over'), 'month-not-over')).toBe(true);
    // Already finalized is a 409 too, in a month that may well not be over by the browser's clock.
    expect(hasErrorCode(refusal(409, 'Already finalized.', 'already-finalized'), 'month-not-over')).toBe(false);
    expect(hasErrorCode(new Error('month-not-over'), 'month-not-over')).toBe(false);
  });

  it("offers to replace the send in progress on send-in-progress, not on the message's text", () => {
    const words = 'You have a send in progress on the send page. Replace it with this send?';
    expect(hasErrorCode(refusal(409, 'Reworded.', 'send-in-progress'), 'send-in-progress')).toBe(true);
    expect(hasErrorCode(refusal(409, words, 'conflict'), 'send-in-progress')).toBe(false);
  });

  it('offers Google sign-in on requires-google-auth', () => {
    expect(hasErrorCode(refusal(400, 'Reworded.', 'requires-google-auth'), 'requires-google-auth')).toBe(true);
    expect(hasErrorCode(refusal(400, 'Please provide: to.', 'invalid-request'), 'requires-google-auth')).toBe(false);
  });

  it('shows access denied on access-removed only; signs out on any 401', () => {
    expect(sessionOutcomeOf(refusal(403, 'Reworded.', 'access-removed'))).toBe('access-removed');
    // Another 403 (an admin's operation refusing a member) is the screen's, even in the old words.
    expect(sessionOutcomeOf(refusal(403, 'Access denied', 'forbidden'))).toBeNull();
    expect(sessionOutcomeOf(refusal(403, 'Access denied'))).toBeNull();
    expect(sessionOutcomeOf(refusal(401, 'Unauthorized', 'unauthorized'))).toBe('signed-out');
    expect(sessionOutcomeOf(new Error('Access denied'))).toBeNull();
  });
});
