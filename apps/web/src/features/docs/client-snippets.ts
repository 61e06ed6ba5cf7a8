import type { Endpoint } from './endpoint-index.ts';
import { requestValues } from './snippets.ts';

/** Tabs whose samples use the official clients (Python `bahi`, Node.js `@bahi/client`). */
export const clientLanguages = [
  { id: 'node-client', label: 'Node.js client', after: 'node' },
  { id: 'python-client', label: 'Python client', after: 'python' },
] as const;

export type ClientLanguageId = (typeof clientLanguages)[number]['id'];

const snake = (operationId: string) => operationId.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const pythonKeywords = new Set(['from', 'class', 'def', 'global', 'import', 'in', 'is', 'lambda', 'pass']);

/** A parameter's sample as a code literal: numbers bare, repeatable parameters as lists. */
function literal(value: string, type: string | undefined, quote: string): string {
  if (type === 'array') {
    return `[${value
      .split(',')
      .map((v) => `${quote}${v.trim()}${quote}`)
      .join(', ')}]`;
  }
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && Number.isFinite(Number(value)))
    return value;
  return `${quote}${value.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}${quote}`;
}

/** The samples for the client tabs of one endpoint, with the same values as the raw HTTP ones. */
export function clientSnippets(
  endpoint: Endpoint,
  siteUrl: string,
  key: string,
  given: Record<string, string> = {},
): Record<ClientLanguageId, string> {
  const values = requestValues(endpoint, given);
  const params = endpoint.parameters.filter((p) => values[p.name] !== undefined && p.name !== 'format');
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const operationId = endpoint.operation.operationId ?? endpoint.path;
  const typeOf = (p: (typeof params)[number]) => {
    const t = p.type ?? p.schema?.type;
    return typeof t === 'string' ? t : undefined;
  };

  const pyArgs = [
    ...pathParams.map((p) => literal(values[p.name]!, typeOf(p), '"')),
    ...queryParams.map(
      (p) =>
        `${pythonKeywords.has(p.name) ? `${p.name}_` : p.name}=${literal(values[p.name]!, typeOf(p), '"')}`,
    ),
  ].join(', ');
  const python = [
    'from bahi import Client, to_frame',
    '',
    `client = Client(api_key="${key}", base_url="${siteUrl}")`,
    `data = client.${snake(operationId)}(${pyArgs})`,
    'print(data)',
    '# as a pandas DataFrame: to_frame(data)',
  ].join('\n');

  const object = (list: typeof params) =>
    `{ ${list.map((p) => `${/^[A-Za-z_$][\w$]*$/.test(p.name) ? p.name : `'${p.name}'`}: ${literal(values[p.name]!, typeOf(p), "'")}`).join(', ')} }`;
  const init = [
    ...(pathParams.length ? [`path: ${object(pathParams)}`] : []),
    ...(queryParams.length ? [`query: ${object(queryParams)}`] : []),
  ];
  const node = [
    "import { BahiClient } from '@bahi/client';",
    '',
    `const bahi = new BahiClient({ apiKey: '${key}', baseUrl: '${siteUrl}' });`,
    `const data = await bahi.data('${endpoint.path}', { params: { ${init.join(', ')} } });`,
    'console.log(data);',
  ].join('\n');

  return { 'node-client': node, 'python-client': python };
}
