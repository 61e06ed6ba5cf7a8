import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** Placeholder for /contact-us (Enterprise inquiry form); the forms feature replaces it. */
export function ContactPage() {
  return <PlaceholderPage heading="Contact Sales" />;
}
