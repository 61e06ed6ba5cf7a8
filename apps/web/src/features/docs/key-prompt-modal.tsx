import { useState } from 'react';
import { startSignIn } from '../session/sign-in.ts';
import { useSession } from '../session/use-session.ts';
import { Modal } from './modal.tsx';

/**
 * SPEC §4: before a signed-out visitor opens the Postman or Swagger link, offer sign-in for a
 * free key; either way the pending link opens in a new tab.
 */
export function KeyPromptModal({ href, onClose }: { href: string; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { setProfile } = useSession();
  const open = () => window.open(href, '_blank', 'noopener');
  return (
    <Modal title="Get Your Free API Key" onClose={onClose}>
      <p>
        Sign in to get your own free API key: the samples and the{' '}
        {href.includes('postman') ? 'Postman collection' : 'Swagger UI'} then work with it straight away.
      </p>
      {error && (
        <p role="alert" className="docs-error">
          {error}
        </p>
      )}
      <div className="docs-modal-actions">
        <button
          type="button"
          className="docs-button docs-button-primary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            startSignIn().then(
              (profile) => {
                setProfile(profile);
                open();
                onClose();
              },
              (err: Error) => {
                setBusy(false);
                setError(err.message);
              },
            );
          }}
        >
          Login to Get API Key
        </button>
        <button
          type="button"
          className="docs-button"
          onClick={() => {
            open();
            onClose();
          }}
        >
          Continue Without Login
        </button>
      </div>
    </Modal>
  );
}
