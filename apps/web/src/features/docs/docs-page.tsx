import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** Placeholder for /financial-data-api-documentation; the documentation feature replaces it. */
export function DocsPage() {
  return <PlaceholderPage heading="Financial Data API Documentation" />;
}
