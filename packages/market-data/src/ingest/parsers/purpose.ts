/** A corporate action read from NSE's free-text PURPOSE. Amounts in rupees per share. */
export type CorporateAction =
  | { type: 'dividend'; kind: 'interim' | 'final' | 'special' | 'dividend'; amount: number }
  | { type: 'bonus'; newShares: number; heldShares: number }
  | { type: 'split'; fromFaceValue: number; toFaceValue: number }
  | { type: 'rights'; newShares: number; heldShares: number; premium: number | null }
  | { type: 'buyback' }
  | { type: 'demerger' }
  | { type: 'capital_reduction' }
  /** A call on partly paid shares: the amount per share the holder pays up ("FIRST CL RS 450 PR SH"). */
  | { type: 'call'; call: 'first' | 'second' | 'third' | 'final'; amount: number };

export interface PurposeReading {
  actions: CorporateAction[];
  /** Parts of the text that were not understood (reported, never guessed). */
  unparsed: string[];
}

const RS = String.raw`(?:RS|RE|INR|₹)\.?\s*`;
const AMOUNT = String.raw`(\d+(?:\.\d+)?)`;
const PER = String.raw`(?:\/-)?\s*(?:(?:PER|PR)\s+(?:SH(?:ARE)?|EQUITY\s+SHARE)\b\.?)?`;

const RULES: { re: RegExp; make: (m: RegExpExecArray) => CorporateAction }[] = [
  {
    re: new RegExp(
      String.raw`^(INT(?:ERIM)?|FIN(?:AL)?|SPL|SPECIAL)?\s*(?:DIV(?:IDEND)?)\s*-?\s*${RS}${AMOUNT}\s*${PER}$`,
      'i',
    ),
    make: (m) => ({ type: 'dividend', kind: dividendKind(m[1]), amount: Number(m[2]) }),
  },
  {
    re: /^BONUS\s*(?:ISSUE)?\s*-?\s*(\d+)\s*:\s*(\d+)$/i,
    make: (m) => ({ type: 'bonus', newShares: Number(m[1]), heldShares: Number(m[2]) }),
  },
  {
    re: new RegExp(
      String.raw`^(?:FV\s*SPLT|FACE\s+VALUE\s+SPLIT(?:\s*\(SUB-DIVISION\))?)\s*-?\s*(?:FRM|FROM)\s+${RS}${AMOUNT}\s*${PER}\s*TO\s+${RS}${AMOUNT}\s*${PER}$`,
      'i',
    ),
    make: (m) => ({ type: 'split', fromFaceValue: Number(m[1]), toFaceValue: Number(m[2]) }),
  },
  {
    re: new RegExp(
      String.raw`^RIGHTS\s*-?\s*(\d+)\s*:\s*(\d+)\s*(?:@\s*(?:PRM|PREMIUM)\s*${RS}${AMOUNT}\s*(?:\/-)?)?$`,
      'i',
    ),
    make: (m) => ({
      type: 'rights',
      newShares: Number(m[1]),
      heldShares: Number(m[2]),
      premium: m[3] === undefined ? null : Number(m[3]),
    }),
  },
  {
    re: new RegExp(
      String.raw`^(FIRST|1ST|SECOND|2ND|THIRD|3RD|FINAL)\s+(?:CL|CALL)(?:\s+MONEY)?\s*-?\s*${RS}${AMOUNT}\s*${PER}$`,
      'i',
    ),
    make: (m) => ({ type: 'call', call: callOf(m[1]!), amount: Number(m[2]) }),
  },
  { re: /^BUY\s*BACK$/i, make: () => ({ type: 'buyback' }) },
  { re: /^DEMERGER$/i, make: () => ({ type: 'demerger' }) },
  { re: /^(?:CAP(?:ITAL)?\s+RED(?:UCTION)?)$/i, make: () => ({ type: 'capital_reduction' }) },
];

function callOf(word: string): 'first' | 'second' | 'third' | 'final' {
  const w = word.toUpperCase();
  if (w === 'FIRST' || w === '1ST') return 'first';
  if (w === 'SECOND' || w === '2ND') return 'second';
  if (w === 'THIRD' || w === '3RD') return 'third';
  return 'final';
}

function dividendKind(prefix: string | undefined): 'interim' | 'final' | 'special' | 'dividend' {
  const p = (prefix ?? '').toUpperCase();
  if (p.startsWith('INT')) return 'interim';
  if (p.startsWith('FIN')) return 'final';
  if (p.startsWith('SP')) return 'special';
  return 'dividend';
}

/**
 * Reads NSE's PURPOSE text ("INTDIV - RS 5 PER SH", "BONUS 1:1", "FVSPLT FRM RS 10 TO RS 5",
 * "Dividend - Rs 3 Per Share & Special Dividend Re 1 Per Share") into typed actions. Several
 * actions may be joined by "&" or "AND". Anything not matched is returned in `unparsed`.
 */
export function parsePurpose(text: string): PurposeReading {
  const actions: CorporateAction[] = [];
  const unparsed: string[] = [];
  const parts = text
    .split(/\s+(?:&|AND)\s+/i)
    .map((p) => p.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  for (const part of parts) {
    const rule = RULES.find((r) => r.re.test(part));
    const m = rule?.re.exec(part);
    if (rule && m) actions.push(rule.make(m));
    else unparsed.push(part);
  }
  return { actions, unparsed };
}
