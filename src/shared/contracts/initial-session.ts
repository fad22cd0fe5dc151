import { DEFAULT_PRICING_MODEL, type PricingModel } from './vendor-terms';

/**
 * The send page's selections before the user makes any: what ./drafts' sessionState reads from {} (its test holds the
 * two equal), kept here without the schemas so that the browser loads no schema library for it.
 */
export const INITIAL_SESSION_STATE: {
  selectedContentType: 'email' | 'text' | null;
  selectedClient: string | null;
  selectedVendors: string[];
  showInitialSelection: boolean;
  pricingModel: PricingModel;
  sendReminders: boolean;
} = {
  selectedContentType: null,
  selectedClient: null,
  selectedVendors: [],
  showInitialSelection: true,
  pricingModel: DEFAULT_PRICING_MODEL,
  sendReminders: true,
};
