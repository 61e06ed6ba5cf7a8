import { PlaceholderPage } from '../../components/placeholder-page.tsx';
import { useSession } from '../auth/use-session.ts';

/** Placeholder for /feedback; the forms feature replaces it. Signed out it shows the spec's text. */
export function FeedbackPage() {
  const session = useSession();
  return (
    <PlaceholderPage heading="Feedback">
      {session ? undefined : <p className="lead">Please login to access this section.</p>}
    </PlaceholderPage>
  );
}
