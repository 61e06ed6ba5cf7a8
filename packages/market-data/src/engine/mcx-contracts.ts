/**
 * MCX contracts the product describes: name, the unit its price is quoted in (rupees per so many
 * of a quantity unit) and that quantity unit, from MCX's contract specifications. The bhavcopy
 * does not print the quoting unit; it prints the quantity unit after "Volume(In 000's)", and that
 * one wins when given. A symbol not listed here is stored with the file's quantity unit and no
 * quoting unit.
 */
export const MCX_CONTRACTS: Record<string, { name: string; per: number; quantityUnit: string }> = {
  GOLD: { name: 'Gold', per: 10, quantityUnit: 'GRMS' },
  GOLDM: { name: 'Gold Mini', per: 10, quantityUnit: 'GRMS' },
  GOLDTEN: { name: 'Gold Ten', per: 10, quantityUnit: 'GRMS' },
  GOLDGUINEA: { name: 'Gold Guinea', per: 8, quantityUnit: 'GRMS' },
  GOLDPETAL: { name: 'Gold Petal', per: 1, quantityUnit: 'GRMS' },
  SILVER: { name: 'Silver', per: 1, quantityUnit: 'KGS' },
  SILVERM: { name: 'Silver Mini', per: 1, quantityUnit: 'KGS' },
  SILVERMIC: { name: 'Silver Micro', per: 1, quantityUnit: 'KGS' },
  CRUDEOIL: { name: 'Crude Oil', per: 1, quantityUnit: 'BBL' },
  CRUDEOILM: { name: 'Crude Oil Mini', per: 1, quantityUnit: 'BBL' },
  NATURALGAS: { name: 'Natural Gas', per: 1, quantityUnit: 'MMBTU' },
  NATGASMINI: { name: 'Natural Gas Mini', per: 1, quantityUnit: 'MMBTU' },
  COPPER: { name: 'Copper', per: 1, quantityUnit: 'KGS' },
  ZINC: { name: 'Zinc', per: 1, quantityUnit: 'KGS' },
  ZINCMINI: { name: 'Zinc Mini', per: 1, quantityUnit: 'KGS' },
  ALUMINIUM: { name: 'Aluminium', per: 1, quantityUnit: 'KGS' },
  ALUMINI: { name: 'Aluminium Mini', per: 1, quantityUnit: 'KGS' },
  LEAD: { name: 'Lead', per: 1, quantityUnit: 'KGS' },
  LEADMINI: { name: 'Lead Mini', per: 1, quantityUnit: 'KGS' },
  NICKEL: { name: 'Nickel', per: 1, quantityUnit: 'KGS' },
  MENTHAOIL: { name: 'Mentha Oil', per: 1, quantityUnit: 'KGS' },
  COTTONCNDY: { name: 'Cotton Candy', per: 1, quantityUnit: 'CANDY' },
  MCXBULLDEX: { name: 'MCX iCOMDEX Bullion index', per: 0, quantityUnit: '' },
  MCXMETLDEX: { name: 'MCX iCOMDEX Base Metal index', per: 0, quantityUnit: '' },
  MCXENRGDEX: { name: 'MCX iCOMDEX Energy index', per: 0, quantityUnit: '' },
};

const UNIT_NAMES: Record<string, string> = {
  GRMS: 'g',
  KGS: 'kg',
  BBL: 'barrel',
  MMBTU: 'mmBtu',
  CANDY: 'candy',
  MT: 'tonne',
};

/** "INR per 10 g", "INR per kg", "index points"; null when the contract is not described. */
export function priceUnitOf(symbol: string): string | null {
  const c = MCX_CONTRACTS[symbol];
  if (!c) return null;
  if (c.per === 0) return 'index points';
  const unit = UNIT_NAMES[c.quantityUnit] ?? c.quantityUnit;
  return c.per === 1 ? `INR per ${unit}` : `INR per ${c.per} ${unit}`;
}
