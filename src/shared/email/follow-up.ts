import type { SeedTestReview } from '../contracts/tracking';
import { renderHtml, renderText, type Block } from './blocks';
import { distinctAddresses } from './compose';

/**
 * A follow-up in the thread of a vendor's message (the team's answer to a seed test, a reminder): a short message of
 * paragraphs, drawn as HTML and plain text like the vendor message. Pure.
 */
export interface FollowUpBody {
  /** Paragraphs of lines, in order; the greeting and sign-off are added. */
  paragraphs: readonly (readonly string[])[];
}

export interface ComposedFollowUp {
  subject: string;
  html: string;
  text: string;
}

/** 'Re: <subject>', once: a subject that already starts with 'Re:' is kept. */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

/** Who answers: the person who wrote the follow-up (the sender, for a reminder) and the approval addresses. */
export const followUpReplyTo = (writerEmail: string, approvalEmails: readonly string[]) =>
  distinctAddresses([writerEmail, ...approvalEmails]);

/** `signerFirstName`: the person who wrote it (the sender, for a reminder), who signs it. */
export function composeFollowUp(
  context: { originalSubject: string; vendorName: string; signerFirstName: string },
  body: FollowUpBody,
): ComposedFollowUp {
  const signOff = context.signerFirstName.trim();
  const blocks: Block[] = [
    { kind: 'paragraph', lines: [`Hi ${context.vendorName.trim() || 'there'},`] },
    ...body.paragraphs.map((lines): Block => ({ kind: 'paragraph', lines: [...lines] })),
    { kind: 'paragraph', lines: signOff ? ['Thank you,', signOff] : ['Thank you,'] },
  ];
  return { subject: replySubject(context.originalSubject), html: renderHtml(blocks), text: renderText(blocks) };
}

/** The team's answer to a vendor's seed test, as the reply says it. */
export function seedTestReviewBody(review: SeedTestReview): FollowUpBody {
  const note = review.note?.trim();
  if (review.decision === 'approve') {
    return {
      paragraphs: [
        ['Your seed test is approved: you may deploy as scheduled.'],
        ...(note ? [[`Note from the team: ${note}`]] : []),
        [
          'Please report the deployment on your personal page (the link is in our first message about this deployment) once it has gone out.',
        ],
      ],
    };
  }
  return {
    paragraphs: [
      ['We looked at your seed test and need changes before you deploy:'],
      [note ?? ''],
      [
        'Please send a new seed test to the approval addresses and report it on your personal page (the link is in our first message about this deployment).',
      ],
    ],
  };
}
