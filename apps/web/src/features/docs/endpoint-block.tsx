import type { PlanCode } from '@bahi/contracts/plans';
import { sitePaths } from '@bahi/contracts/site';
import { memo } from 'react';
import { Link } from 'react-router';
import { CodePanel } from './code-panel.tsx';
import { codeSamples } from './code-tabs.ts';
import { CopyButton } from './copy-button.tsx';
import type { Endpoint } from './endpoint-index.ts';
import { planNeededFor } from './realtime-access.ts';
import { sampleResponse } from './sample-response.ts';
import { ScrollPre } from './scroll-pre.tsx';
import { buildRequest, fullUrl } from './snippets.ts';
import type { Schema } from './swagger.ts';
import { TryIt } from './try-it.tsx';

/** One endpoint: text and arguments on the left, samples and the sample response on the right. */
export const EndpointBlock = memo(function EndpointBlock({
  endpoint,
  basePath,
  sampleBaseUrl,
  origin,
  apiKey,
  plan,
  definitions,
}: {
  endpoint: Endpoint;
  basePath: string;
  sampleBaseUrl: string;
  /** Where live calls go: this site's API base URL. */
  origin: string;
  apiKey: string;
  /** The plan of the key in the samples (Basic for the sample key). */
  plan: PlanCode;
  definitions: Record<string, Schema>;
}) {
  const op = endpoint.operation;
  const realtime = fullUrl(buildRequest(endpoint, origin, apiKey));
  const sample = sampleResponse(op, definitions);
  const sampleText = sample.kind === 'json' ? JSON.stringify(sample.value, null, 2) : '';
  const headingId = `h-${endpoint.id}`;
  // A live call only where the key shown may make it (a Basic key gets 403 on paid endpoints).
  const needs = planNeededFor(op, plan);
  return (
    <section
      id={endpoint.id}
      className="docs-endpoint"
      aria-labelledby={headingId}
      data-testid="endpoint-block"
    >
      <div className="docs-endpoint-text">
        <h3 id={headingId}>{endpoint.label}</h3>
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
        <CodePanel snippets={codeSamples(endpoint, sampleBaseUrl, basePath, apiKey)} />
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
            {needs} <Link to={sitePaths.pricing}>See plans</Link>
          </p>
        ) : (
          <a className="docs-realtime" href={realtime} target="_blank" rel="noopener">
            Realtime response
          </a>
        )}
      </div>
    </section>
  );
});
