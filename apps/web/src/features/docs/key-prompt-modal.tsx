import { Modal } from './modal.tsx';

/**
 * SPEC §4: before a signed-out visitor opens the Postman or Swagger link, offer sign-in for a
 * free key; either way the pending link then opens in a new tab.
 */
export function KeyPromptModal({
  href,
  onLogin,
  onContinue,
  onClose,
}: {
  href: string;
  onLogin: () => void;
  onContinue: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title="Get Your Free API Key" onClose={onClose}>
      <p>
        Sign in to get your own free API key, so the{' '}
        {href.includes('postman') ? 'Postman collection' : 'Swagger UI'} works with it straight away.
      </p>
      <div className="docs-modal-actions">
        <button type="button" className="docs-button docs-button-primary" onClick={onLogin}>
          Login to Get API Key
        </button>
        <button type="button" className="docs-button" onClick={onContinue}>
          Continue Without Login
        </button>
      </div>
    </Modal>
  );
}
