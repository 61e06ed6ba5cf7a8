import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** Placeholder for /api-support (support form); the forms feature replaces it. */
export function ApiSupportPage() {
  return <PlaceholderPage heading="API Support" />;
}
