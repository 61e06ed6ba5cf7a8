import { useState } from 'react';
import type { Endpoint } from './endpoint-index.ts';
import { buildRequest, fullUrl, requestValues } from './snippets.ts';

const keyStorage = 'bahi.docs.tryKey';

interface Result {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
}

/**
 * Try it: fill the parameters, send with the shown key, see status, headers and body. The form
 * is made when the panel is first opened: the reference has a panel per endpoint, and rendering
 * all of them closed was a fifth of the docs page's elements and of its hydration.
 */
export function TryIt(props: { endpoint: Endpoint; shownKey: string; origin: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <details className="docs-try" onToggle={(e) => e.currentTarget.open && setOpened(true)}>
      <summary>Try it</summary>
      {opened && <TryItForm {...props} />}
    </details>
  );
}

/** The form and its result; rendered in the browser only, once the panel has been opened. */
function TryItForm({ endpoint, shownKey, origin }: { endpoint: Endpoint; shownKey: string; origin: string }) {
  const params = endpoint.parameters.filter(
    (p) => (p.in === 'path' || p.in === 'query') && p.name !== 'token',
  );
  const [values, setValues] = useState<Record<string, string>>(() => requestValues(endpoint));
  // The key typed in this tab before (session storage); else the shown key.
  const [typedKey, setKey] = useState<string | null>(() => sessionStorage.getItem(keyStorage));
  const key = typedKey ?? shownKey;
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async () => {
    setBusy(true);
    setError(null);
    sessionStorage.setItem(keyStorage, key);
    try {
      const url = fullUrl(buildRequest(endpoint, origin, key, values));
      const res = await fetch(url, { headers: { accept: 'application/json' } });
      const text = await res.text();
      let body = text;
      try {
        body = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: shown as it came
      }
      setResult({
        status: res.status,
        statusText: res.statusText,
        headers: [...res.headers.entries()],
        body,
      });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        {params.map((p) => (
          <label key={p.name}>
            <span>
              {p.name}
              {p.required || p.in === 'path' ? ' *' : ''}
            </span>
            <input
              value={values[p.name] ?? ''}
              required={p.required || p.in === 'path'}
              onChange={(e) => setValues({ ...values, [p.name]: e.target.value })}
            />
          </label>
        ))}
        <label>
          <span>API key</span>
          <input value={key} onChange={(e) => setKey(e.target.value)} required autoComplete="off" />
        </label>
        <button type="submit" className="docs-button docs-button-primary" disabled={busy}>
          {busy ? 'Sending...' : 'Send request'}
        </button>
      </form>
      {error && (
        <p role="alert" className="docs-error">
          {error}
        </p>
      )}
      {result && (
        <div className="docs-try-result" aria-live="polite">
          <p>
            <strong>Status:</strong> {result.status} {result.statusText}
          </p>
          <details>
            <summary>Headers</summary>
            <pre>{result.headers.map(([k, v]) => `${k}: ${v}`).join('\n')}</pre>
          </details>
          <pre className="docs-response">{result.body}</pre>
        </div>
      )}
    </>
  );
}
