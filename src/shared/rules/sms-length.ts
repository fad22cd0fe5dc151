// GSM 03.38 default alphabet; anything else makes the whole message UCS-2.
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
// The extension table: each costs an escape character plus itself.
const GSM_EXTENDED = new Set('^{}\\[~]|€\f');

export const GSM_SINGLE = 160;
export const GSM_PER_SEGMENT = 153;
export const UCS2_SINGLE = 70;
export const UCS2_PER_SEGMENT = 67;

export interface SmsStats {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets for GSM-7 (extended characters count 2), UTF-16 units for UCS-2. */
  length: number;
  segments: number;
  /** How many units each segment holds at this length: 160/70 for one, 153/67 when split. */
  perSegment: number;
  /** The first few distinct characters that forced UCS-2. */
  nonGsmCharacters: string[];
}

export function smsStats(text: string): SmsStats {
  let septets = 0;
  const nonGsm = new Set<string>();
  for (const char of text) {
    if (GSM_BASIC.has(char)) septets += 1;
    else if (GSM_EXTENDED.has(char)) septets += 2;
    else nonGsm.add(char);
  }
  const isGsm = nonGsm.size === 0;
  const length = isGsm ? septets : text.length;
  const single = isGsm ? GSM_SINGLE : UCS2_SINGLE;
  const multi = isGsm ? GSM_PER_SEGMENT : UCS2_PER_SEGMENT;
  const perSegment = length <= single ? single : multi;
  return {
    encoding: isGsm ? 'GSM-7' : 'UCS-2',
    length,
    segments: length === 0 ? 0 : Math.ceil(length / perSegment),
    perSegment,
    nonGsmCharacters: [...nonGsm].slice(0, 5),
  };
}
