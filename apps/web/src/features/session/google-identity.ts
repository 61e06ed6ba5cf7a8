/** Google Identity Services, loaded on demand only when the server says Google is configured. */
const scriptUrl = 'https://accounts.google.com/gsi/client';

interface GoogleId {
  initialize(opts: {
    client_id: string;
    callback: (r: { credential: string }) => void;
    cancel_on_tap_outside?: boolean;
    use_fedcm_for_prompt?: boolean;
  }): void;
  prompt(): void;
  renderButton(el: HTMLElement, opts: Record<string, string | number>): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts: { id: GoogleId } };
  }
}

let loading: Promise<GoogleId> | null = null;

export function loadGoogleIdentity(): Promise<GoogleId> {
  loading ??= new Promise<GoogleId>((resolve, reject) => {
    if (window.google?.accounts?.id) return resolve(window.google.accounts.id);
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      window.google?.accounts?.id
        ? resolve(window.google.accounts.id)
        : reject(new Error('Google sign-in script loaded without its API'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Google sign-in script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Asks Google for an ID token: One Tap when the browser allows it, and Google's own button
 * (popup) rendered into `buttonHost` either way. Resolves with the credential.
 */
export async function googleCredential(clientId: string, buttonHost: () => HTMLElement | null) {
  const id = await loadGoogleIdentity();
  return new Promise<string>((resolve) => {
    id.initialize({
      client_id: clientId,
      callback: (r) => resolve(r.credential),
      cancel_on_tap_outside: true,
      use_fedcm_for_prompt: true,
    });
    const host = buttonHost();
    if (host)
      id.renderButton(host, { type: 'standard', theme: 'outline', size: 'large', text: 'signin_with' });
    id.prompt();
  });
}
