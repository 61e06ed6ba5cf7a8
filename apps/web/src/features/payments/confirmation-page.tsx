import { useSearchParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** Placeholder for /confirmation?status=...; the payments feature replaces it. */
export function ConfirmationPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  return (
    <PlaceholderPage heading="Payment confirmation">
      <p className="lead">
        {status ? "Please don't close the window or refresh it." : 'Processing your request'}
      </p>
    </PlaceholderPage>
  );
}
