import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** Placeholder for the sign-in entry point (/login); the sign-in feature replaces it. */
export function LoginPage() {
  return (
    <PlaceholderPage heading="Sign in">
      <p className="lead">Sign-in with your Google account is being set up.</p>
    </PlaceholderPage>
  );
}
