import { PlaceholderPage } from '../../components/placeholder-page.tsx';

/** Placeholder for /company-profile (account overview); the sign-in feature replaces it. */
export function CompanyProfilePage() {
  return <PlaceholderPage heading="Profile" />;
}
