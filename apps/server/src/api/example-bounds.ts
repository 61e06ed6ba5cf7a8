/** How many items of each list a documented example shows. */
export const exampleListItems = 3;

/** A list of the real answer that the example shows only the start of. */
export interface ListCut {
  /** Dotted path of the list in the body (`data`, `data.dividends`). */
  path: string;
  shown: number;
  total: number;
}

/**
 * An API document's example sized for reading: every list cut to its first `maxItems` items, so
 * an answer listing every company does not become a megabyte of document. Returns the cut
 * example (still a valid answer of the operation's schema) and, for each cut list that is not
 * inside another list, how many items the real answer has.
 */
export function boundExample(
  value: unknown,
  maxItems = exampleListItems,
): { value: unknown; cuts: ListCut[] } {
  const cuts: ListCut[] = [];
  const walk = (node: unknown, path: string, inList: boolean): unknown => {
    if (Array.isArray(node)) {
      if (node.length > maxItems && !inList) cuts.push({ path, shown: maxItems, total: node.length });
      return node.slice(0, maxItems).map((item) => walk(item, `${path}[]`, true));
    }
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v, path ? `${path}.${k}` : k, inList);
    return out;
  };
  return { value: walk(value, '', false), cuts };
}

/** The sentence a 200 response's description adds about its cut example. */
export function describeCuts(cuts: ListCut[]): string {
  if (cuts.length === 0) return '';
  const lists = cuts.map((c) => `\`${c.path}\` has ${c.total.toLocaleString('en-US')} items`).join(', ');
  return `The example is a real answer to the example request with each list cut to its first ${cuts[0]!.shown} items; in the full answer ${lists}.`;
}
