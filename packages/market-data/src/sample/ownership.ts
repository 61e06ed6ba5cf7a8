import type { CompanySpec } from './companies.ts';
import { Rng, round3 } from './rng.ts';
import { PERSON_FIRST, PERSON_LAST } from './taxonomy.ts';

/** Shareholding rows (table shareholding) for the given quarter ends (oldest first). */
export function shareholdingRows(
  spec: CompanySpec,
  quarters: readonly string[],
  sharesAt: (date: string) => number,
  seed: string,
  source: string,
  sizeHint: number,
): unknown[][] {
  const rng = new Rng(`${seed}/shareholding/${spec.isin}`);
  let promoter = spec.promoterPct;
  const pledgeBase = promoter > 0 && rng.chance(0.12) ? rng.range(2, 40) : 0;
  let fpi = rng.range(2, 25);
  let dii = rng.range(2, 20);
  const gov = rng.chance(0.05) ? rng.range(0.5, 8) : 0;
  const trust = rng.chance(0.05) ? rng.range(0.1, 1.5) : 0;
  const holdersBase = Math.round(20000 + sizeHint * rng.range(0.5, 2));
  const rows: unknown[][] = [];
  for (const q of quarters) {
    if (promoter > 0) promoter = Math.min(75, Math.max(20, promoter + rng.normal() * 0.3));
    fpi = Math.max(0.5, fpi + rng.normal() * 0.5);
    dii = Math.max(0.5, dii + rng.normal() * 0.5);
    const room = 100 - promoter - gov - trust;
    const inst = Math.min(fpi + dii, room * 0.85);
    const fpiPct = round3((inst * fpi) / (fpi + dii));
    const diiPct = round3(inst - fpiPct);
    const promoterPct = round3(promoter);
    const govPct = round3(gov);
    const trustPct = round3(trust);
    const publicPct = round3(100 - promoterPct - fpiPct - diiPct - govPct - trustPct);
    const mf = round3(diiPct * 0.55);
    const ins = round3(diiPct * 0.3);
    const banks = round3(diiPct * 0.05);
    const retail = round3(publicPct * 0.6);
    const hni = round3(publicPct * 0.25);
    const pledged = pledgeBase > 0 ? round3(Math.max(0, pledgeBase + rng.normal())) : 0;
    const shareholders = Math.round(holdersBase * (1 + rng.normal() * 0.02));
    const declaration = {
      partlyPaidUpShares: false,
      convertibleSecurities: rng.chance(0.05),
      warrants: rng.chance(0.03),
      depositoryReceipts: spec.illustrative,
      lockedInShares: rng.chance(0.05),
      pledgedOrEncumbered: pledged > 0,
      nonDisposalUndertaking: false,
      significantBeneficialOwners: promoterPct > 0,
    };
    rows.push([
      spec.isin,
      q,
      sharesAt(q),
      shareholders,
      promoterPct,
      promoterPct > 0 ? round3(promoterPct * 0.97) : 0,
      promoterPct > 0 ? round3(promoterPct - round3(promoterPct * 0.97)) : 0,
      pledged,
      promoterPct > 0 ? rng.int(2, 40) : 0,
      fpiPct,
      Math.round(50 + fpiPct * 40),
      diiPct,
      mf,
      ins,
      banks,
      round3(diiPct - mf - ins - banks),
      Math.round(10 + diiPct * 8),
      govPct,
      publicPct,
      retail,
      hni,
      round3(publicPct - retail - hni),
      shareholders - 100,
      trustPct,
      declaration,
      source,
      q,
    ]);
  }
  return rows;
}

/** Significant beneficial owners behind the promoter holding (synthetic names). */
export function beneficialOwnerRows(
  spec: CompanySpec,
  quarters: readonly string[],
  promoterPct: number,
  seed: string,
  source: string,
): unknown[][] {
  if (promoterPct <= 0) return [];
  const rng = new Rng(`${seed}/sbo/${spec.isin}`);
  const n = rng.int(1, 3);
  const first = rng.int(0, PERSON_FIRST.length - 1);
  const last = rng.pick(PERSON_LAST);
  const owners = Array.from({ length: n }, (_, k) => ({
    name: `${PERSON_FIRST[(first + k) % PERSON_FIRST.length]} ${last} (synthetic)`,
    share: k === 0 ? 0.5 : 0.5 / (n - 1 || 1),
    acquired: `${rng.int(1996, 2015)}-04-01`,
  }));
  const rows: unknown[][] = [];
  for (const q of quarters)
    for (const o of owners)
      rows.push([
        spec.isin,
        q,
        o.name,
        'India',
        `${spec.name.split(' ')[0]} Promoter Holdings (synthetic)`,
        round3(promoterPct * o.share),
        round3(promoterPct * o.share),
        o.acquired,
        source,
        q,
      ]);
  return rows;
}

export const SUPERINVESTORS: [id: string, name: string, kind: string, description: string][] = [
  [
    'aarav-desai',
    'Aarav Desai (synthetic)',
    'individual',
    'Long-only value investor, concentrated small and mid caps',
  ],
  [
    'meera-kulkarni',
    'Meera Kulkarni (synthetic)',
    'individual',
    'Growth investor in consumer and technology names',
  ],
  [
    'rohan-iyer',
    'Rohan Iyer (synthetic)',
    'individual',
    'Contrarian investor in cyclicals and capital goods',
  ],
  ['sunita-menon', 'Sunita Menon (synthetic)', 'individual', 'Dividend-focused holdings across sectors'],
  [
    'trivedi-family-office',
    'Trivedi Family Office (synthetic)',
    'family_office',
    'Family office with a mix of large and small caps',
  ],
  [
    'nair-capital',
    'Nair Capital Partners (synthetic)',
    'fund',
    'Public-market fund disclosing holdings above 1%',
  ],
];
