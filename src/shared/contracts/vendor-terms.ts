// How vendors are paid, without the schemas around it (./vendors): the browser imports these and no schema library.

export const SPLIT_PATTERN = /^(\d{1,3})\/(\d{1,3})$/;
export const DEFAULT_SPLIT = '50/50';

export const PRICING_MODELS = ['Revshare', 'CPM', 'CPA', 'CPD'] as const;
export type PricingModel = (typeof PRICING_MODELS)[number];
export const DEFAULT_PRICING_MODEL: PricingModel = 'Revshare';
