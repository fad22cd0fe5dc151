import type { SenderCheck } from '#server/mail/deliveries';

/**
 * Who may send: a message goes out in its sender's name (and, under Gmail, with their Google account), so not once they
 * are removed from the authorized list or their account is gone. The delivery queue reads the sender's standing with
 * each claim and asks this before handing the message to the transport.
 */
export const senderCheck: SenderCheck = ({ email, isAuthorized }) =>
  isAuthorized
    ? null
    : `Not sent: its sender${email ? ` (${email})` : ''} is no longer on the authorized list, so nothing goes out in their name. ` +
      'An admin can add the address back and use Send again, or someone else can make a new send.';
