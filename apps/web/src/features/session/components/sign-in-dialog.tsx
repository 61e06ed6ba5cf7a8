import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { googleCredential } from '../google-identity.ts';
import { currentSignInRequest, type SignInRequest, subscribeSignInRequest } from '../sign-in.ts';

/** The sign-in dialog: Google's button (and One Tap), or the development provider's form. */
export function SignInDialog() {
  const request = useSyncExternalStore(subscribeSignInRequest, currentSignInRequest, () => null);
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (request && !dialog.open) dialog.showModal();
    if (!request && dialog.open) dialog.close();
  }, [request]);
  return (
    <dialog
      ref={ref}
      className="sign-in-dialog"
      aria-labelledby="sign-in-title"
      onCancel={(e) => {
        e.preventDefault();
        request?.cancel();
      }}
    >
      {request && (
        <>
          <h2 id="sign-in-title">Sign in to Bahi</h2>
          {request.provider.provider === 'google' ? (
            <GoogleSignIn request={request} />
          ) : (
            <DevelopmentSignIn request={request} />
          )}
          <button type="button" className="dialog-close" aria-label="Close" onClick={() => request.cancel()}>
            ×
          </button>
        </>
      )}
    </dialog>
  );
}

function GoogleSignIn({ request }: { request: SignInRequest }) {
  const host = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    googleCredential(request.provider.client_id, () => host.current)
      .then((token) => request.complete(token))
      .catch((err: Error) => {
        console.error('sign-in failed', err);
        setError(err.message);
      });
  }, [request]);
  return (
    <>
      <p>Use your Google account. Bahi receives your name and email address.</p>
      <div ref={host} className="google-button-host" />
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
    </>
  );
}

function DevelopmentSignIn({ request }: { request: SignInRequest }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      const res = await fetch('/dev-identity/id-token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: data.get('name'), email: data.get('email') }),
      });
      const body = (await res.json()) as { id_token?: string; detail?: string };
      if (!res.ok || !body.id_token) throw new Error(body.detail ?? 'The identity provider refused.');
      request.complete(body.id_token);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <form onSubmit={onSubmit} className="stack">
      <p className="muted">
        Development identity provider: Google sign-in is not configured on this server. Type the name and
        email to sign in as.
      </p>
      <label>
        Full name
        <input name="name" autoComplete="name" required minLength={2} maxLength={100} />
      </label>
      <label>
        Email
        <input name="email" type="email" autoComplete="email" required maxLength={254} />
      </label>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Signing in...' : 'Continue'}
        </button>
        <button type="button" className="button button-secondary" onClick={() => request.cancel()}>
          Cancel
        </button>
      </div>
    </form>
  );
}
