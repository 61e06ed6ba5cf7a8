import type { Operation, Parameter, SwaggerDocument } from './swagger.ts';

/** SPEC §2: the order of the navigation groups. */
export const groupOrder = [
  'Company',
  'Financials',
  'Financial Analysis',
  'Price',
  'Peers',
  'Shareholdings',
  'Corporate Action',
  'Commodities',
  'Exchange',
];

export interface Endpoint {
  /** Anchor and hash id: the path as the document writes it. */
  id: string;
  path: string;
  method: 'GET';
  label: string;
  group: string;
  operation: Operation;
  parameters: Parameter[];
}

export interface EndpointGroup {
  name: string;
  endpoints: Endpoint[];
}

/** Groups the GET operations by their first tag, in the SPEC order, unknown tags after. */
export function groupEndpoints(doc: SwaggerDocument): EndpointGroup[] {
  const groups = new Map<string, Endpoint[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    const operation = item.get;
    if (!operation) continue;
    const group = operation.tags?.[0] ?? 'Other';
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])];
    const endpoint: Endpoint = {
      id: path,
      path,
      method: 'GET',
      label: operation.summary ?? path,
      group,
      operation,
      parameters,
    };
    groups.set(group, [...(groups.get(group) ?? []), endpoint]);
  }
  const rank = (name: string) => {
    const i = groupOrder.indexOf(name);
    return i < 0 ? groupOrder.length : i;
  };
  return [...groups.entries()]
    .map(([name, endpoints]) => ({ name, endpoints }))
    .sort((a, b) => rank(a.name) - rank(b.name));
}

/** SPEC §2 search: case-insensitive substring of the method or the label. */
export function filterGroups(groups: EndpointGroup[], query: string): EndpointGroup[] {
  const q = query.trim().toLowerCase();
  if (!q) return groups;
  return groups
    .map((g) => ({
      ...g,
      endpoints: g.endpoints.filter(
        (e) => e.method.toLowerCase().includes(q) || e.label.toLowerCase().includes(q),
      ),
    }))
    .filter((g) => g.endpoints.length > 0);
}

/**
 * Sample values by parameter name (SPEC §3 "parameters seen in samples"), for documents whose
 * parameters carry no x-example: the sample companies are free on the Basic plan.
 */
const samplesByName: Record<string, unknown> = {
  symbol: 'ITC',
  corp_action: 'bonus',
  code: 'IENERGY',
  category: 'monthly_index',
  group: 'sector',
  value: 'Financial Services',
};

/** A value to put in a sample request for a parameter, or undefined when it has none. */
export function sampleValue(p: Parameter): string | undefined {
  const v =
    p['x-example'] ??
    p.default ??
    p.enum?.[0] ??
    p.items?.example ??
    p.items?.enum?.[0] ??
    (p.in === 'path' || p.required ? samplesByName[p.name] : undefined);
  if (v === undefined || v === null) return undefined;
  return Array.isArray(v) ? v.map(String).join(',') : String(v);
}
