import type { DeliveryTerms } from '#shared/contracts/sends';
import { termWording } from '#shared/payouts/terms';

/** 'Revshare · Split: 60/40: vendor 60 %, client 40 %': the terms a vendor's message carried. */
export const termsText = (terms: DeliveryTerms) => [terms.pricingModel, ...terms.items.map(termWording)].join(' · ');

/** 'Email key: ACME-EMAIL · Text key: not set'. */
export const keysText = (terms: DeliveryTerms) =>
  `Email key: ${terms.emailProspectingKey ?? 'not set'} · Text key: ${terms.textProspectingKey ?? 'not set'}`;
