import { type AuthConfig, exchangeToken, fetchAuthConfig, profileFromSignIn } from './auth-api.ts';
import { type SessionProfile, writeProfile } from './session-store.ts';

/** The visitor closed the sign-in dialog; not a failure. */
export class SignInCancelled extends Error {
  override name = 'SignInCancelled';
  constructor() {
    super('Sign-in was cancelled.');
  }
}

/** A sign-in waiting for the identity provider; the sign-in dialog renders it. */
export interface SignInRequest {
  provider: AuthConfig;
  /** The dialog hands over the provider's ID token. */
  complete(idToken: string): void;
  cancel(): void;
}

let request: SignInRequest | null = null;
let inFlight: Promise<SessionProfile> | null = null;
const listeners = new Set<() => void>();

function setRequest(next: SignInRequest | null): void {
  request = next;
  for (const l of listeners) l();
}

export function currentSignInRequest(): SignInRequest | null {
  return request;
}

export function subscribeSignInRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Signs the visitor in: asks the configured identity provider (Google, or the development
 * provider built into the server) for an ID token, exchanges it for a session and stores the
 * profile in one write. Resolves with the stored profile; rejects with SignInCancelled when
 * the visitor closes the dialog, or with the error of a failed step (nothing is stored then).
 */
export function startSignIn(): Promise<SessionProfile> {
  inFlight ??= (async () => {
    const provider = await fetchAuthConfig();
    const idToken = await new Promise<string>((resolve, reject) => {
      setRequest({ provider, complete: resolve, cancel: () => reject(new SignInCancelled()) });
    }).finally(() => setRequest(null));
    const profile = profileFromSignIn(await exchangeToken('One-tap', idToken));
    writeProfile(profile);
    return profile;
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
