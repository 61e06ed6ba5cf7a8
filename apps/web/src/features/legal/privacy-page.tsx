import { LegalDocument } from './legal-document.tsx';
import { privacyIntro, privacySections, privacyUpdated } from './privacy.ts';

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated={privacyUpdated}
      intro={privacyIntro}
      sections={privacySections}
    />
  );
}
