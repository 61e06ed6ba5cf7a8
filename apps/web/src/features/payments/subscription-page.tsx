import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** Placeholder for /subscription/:type; the payments feature replaces it. */
export function SubscriptionPage() {
  const { type } = useParams();
  return <PlaceholderPage heading={`Subscribe: ${type ?? ''}`} />;
}
