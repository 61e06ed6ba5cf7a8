import { LegalDocument } from './legal-document.tsx';
import { termsIntro, termsSections, termsUpdated } from './terms.ts';

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated={termsUpdated}
      intro={termsIntro}
      sections={termsSections}
    />
  );
}
