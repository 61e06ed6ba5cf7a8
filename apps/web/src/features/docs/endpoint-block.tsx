import type { PlanCode } from '@bahi/contracts/plans';
import { sitePaths } from '@bahi/contracts/site';
import { type MouseEvent, memo } from 'react';
import { navigateTo } from '../../lib/navigation.ts';
import { CodePanel } from './code-panel.tsx';
import { codeSample } from './code-tabs.ts';
import { CopyButton } from './copy-button.tsx';
import type { Endpoint } from './endpoint-index.ts';
import { planNeededFor } from './realtime-access.ts';
import { sampleResponse } from './sample-response.ts';
import { ScrollPre } from './scroll-pre.tsx';
import { buildRequest, fullUrl } from './snippets.ts';
import type { Schema } from './swagger.ts';
import { TryIt } from './try-it.tsx';

/** What every endpoint block shows besides its endpoint: the same for the whole reference. */
export interface BlockSettings {
  basePath: string;
  sampleBaseUrl: string;
  /** Where live calls go: this site's API base URL. */
  origin: string;
  apiKey: string;
  /** The plan of the key in the samples (Basic for the sample key). */
  plan: PlanCode;
  definitions: Record<string, Schema>;
}

/** The section elements of the endpoint blocks. */
export const endpointBlockSelector = 'section[data-testid="endpoint-block"]';

/** One endpoint: text and arguments on the left, samples and the sample response on the right. */
export const EndpointBlock = memo(function EndpointBlock({
  endpoint,
  settings,
}: {
  endpoint: Endpoint;
  settings: BlockSettings;
}) {
  return (
    <section
      id={endpoint.id}
      className="docs-endpoint"
      aria-labelledby={headingIdOf(endpoint)}
      data-testid="endpoint-block"
    >
      <EndpointBody endpoint={endpoint} settings={settings} />
    </section>
  );
});

function headingIdOf(endpoint: Endpoint): string {
  return `h-${endpoint.id}`;
}

/** A left click without modifier keys follows the link inside the site, without a page load. */
function followInSite(e: MouseEvent<HTMLAnchorElement>): void {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigateTo(e.currentTarget.getAttribute('href')!);
}

/**
 * The content of an endpoint block's section. A block of the reference the server rendered is
 * a React root of its own (see reference-groups.tsx), so this renders without the router's
 * context: the pricing link navigates through `navigateTo`.
 */
export function EndpointBody({
  endpoint,
  settings: { basePath, sampleBaseUrl, origin, apiKey, plan, definitions },
}: {
  endpoint: Endpoint;
  settings: BlockSettings;
}) {
  const op = endpoint.operation;
  const realtime = fullUrl(buildRequest(endpoint, origin, apiKey));
  const sample = sampleResponse(op, definitions);
  const sampleText = sample.kind === 'json' ? JSON.stringify(sample.value, null, 2) : '';
  // A live call only where the key shown may make it (a Basic key gets 403 on paid endpoints).
  const needs = planNeededFor(op, plan);
  return (
    <>
      <div className="docs-endpoint-text">
        <h3 id={headingIdOf(endpoint)}>{endpoint.label}</h3>
        <p className="docs-path">
          <span className="docs-method">{endpoint.method}</span>
          <code>
            {basePath}
            {endpoint.path}
          </code>
        </p>
        {op.description && <p>{op.description}</p>}
        <h4>Arguments</h4>
        {endpoint.parameters.length === 0 ? (
          <p className="docs-muted">None</p>
        ) : (
          <ul className="docs-args">
            {endpoint.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`}>
                <div>
                  <code className="docs-arg-name">{p.name}</code>{' '}
                  <span className="docs-arg-type">
                    {p.type === 'array'
                      ? `${p.items?.type ?? 'string'}[]`
                      : (p.type ?? p.schema?.type ?? 'string')}
                  </span>{' '}
                  <span className={p.required ? 'docs-required' : 'docs-optional'}>
                    {p.required ? 'Required' : 'Optional'}
                  </span>
                </div>
                {p.description && <p>{p.description}</p>}
                {p.enum && <p className="docs-muted">One of: {p.enum.map(String).join(', ')}</p>}
              </li>
            ))}
          </ul>
        )}
        <TryIt endpoint={endpoint} shownKey={apiKey} origin={origin} />
      </div>
      <div className="docs-endpoint-code">
        <CodePanel
          idBase={`code-${endpoint.id}`}
          sampleOf={(tab) => codeSample(endpoint, sampleBaseUrl, basePath, apiKey, tab)}
        />
        <div className="docs-code docs-sample">
          <div className="docs-code-head">
            <span className="docs-code-title">
              Sample response{sample.status ? ` · ${sample.status}` : ''}
            </span>
            {sampleText && <CopyButton text={sampleText} />}
          </div>
          {sample.kind === 'json' ? (
            <ScrollPre>
              <code>{sampleText}</code>
            </ScrollPre>
          ) : (
            <p className="docs-muted docs-sample-message">{sample.message}</p>
          )}
        </div>
        {needs ? (
          <p className="docs-muted docs-realtime-needs">
            {needs}{' '}
            <a href={sitePaths.pricing} onClick={followInSite}>
              See plans
            </a>
          </p>
        ) : (
          <a className="docs-realtime" href={realtime} target="_blank" rel="noopener">
            Realtime response
          </a>
        )}
      </div>
    </>
  );
}
