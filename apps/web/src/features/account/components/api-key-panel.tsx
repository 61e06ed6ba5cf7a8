import { sitePaths } from '@bahi/contracts/site';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError, authedJson, SessionExpiredError } from '../../../lib/api-client.ts';
import { type ApiToken, profilePatchFromApiToken } from '../../session/auth-api.ts';
import { updateProfile } from '../../session/session-store.ts';

/** The API key with its copy button and the regenerate action (with a confirmation step). */
export function ApiKeyPanel({ apiKey }: { apiKey: string }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      alert('Copied!');
    } catch (err) {
      console.error('copy failed', err);
      setMessage({ tone: 'error', text: 'Copying is blocked by the browser: select the key and copy it.' });
    }
  };

  const regenerate = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const t = await authedJson<ApiToken>('/api/v2/api-token/regenerate', { method: 'POST' });
      updateProfile(profilePatchFromApiToken(t));
      setMessage({ tone: 'ok', text: 'New key issued. The previous key no longer works.' });
      setConfirming(false);
    } catch (err) {
      if (err instanceof SessionExpiredError) return;
      setMessage({
        tone: 'error',
        text: err instanceof ApiError && err.detail ? err.detail : 'The key could not be regenerated.',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card" aria-labelledby="key-heading">
      <h2 id="key-heading">API key</h2>
      <div className="api-key-row">
        <code className="api-key" data-testid="api-key">
          {apiKey}
        </code>
        <button type="button" className="button button-small" onClick={copy}>
          Copy
        </button>
      </div>
      <p className="muted">
        Send it as <code>token=</code> with each request. See the{' '}
        <Link to={sitePaths.docs}>API documentation</Link>.
      </p>
      {confirming ? (
        <fieldset className="confirm-box" aria-labelledby="regen-question">
          <p id="regen-question">
            Regenerate your API key? The current key stops working immediately, for every program using it.
          </p>
          <div className="actions">
            <button type="button" className="button" disabled={busy} onClick={regenerate}>
              {busy ? 'Regenerating...' : 'Yes, regenerate'}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </div>
        </fieldset>
      ) : (
        <button type="button" className="button button-secondary" onClick={() => setConfirming(true)}>
          Regenerate key
        </button>
      )}
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={message.tone === 'error' ? 'form-error' : 'form-ok'}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
