import { type FaqSection, faqSections } from '@bahi/contracts/faq';
import { useId, useState } from 'react';

/**
 * The FAQ as an accordion (WAI-ARIA pattern): each question is a button in a heading that
 * controls its answer; opening one answer closes the one open before.
 */
export function FaqAccordion({
  sections = faqSections,
  headingLevel = 2,
}: {
  sections?: FaqSection[];
  headingLevel?: 2 | 3;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const idBase = useId();
  const SectionHeading = headingLevel === 2 ? 'h2' : 'h3';
  const QuestionHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <div className="faq">
      {sections.map((section) => (
        <section key={section.id} aria-labelledby={`${idBase}-${section.id}`} className="faq-section">
          <SectionHeading id={`${idBase}-${section.id}`}>{section.title}</SectionHeading>
          {section.entries.map((entry) => {
            const key = `${section.id}/${entry.id}`;
            const isOpen = open === key;
            const buttonId = `${idBase}-${section.id}-${entry.id}-q`;
            const panelId = `${idBase}-${section.id}-${entry.id}-a`;
            return (
              <div key={entry.id} className="faq-item">
                <QuestionHeading className="faq-question">
                  <button
                    type="button"
                    id={buttonId}
                    aria-expanded={isOpen}
                    aria-controls={panelId}
                    onClick={() => setOpen(isOpen ? null : key)}
                  >
                    <span>{entry.question}</span>
                    <span className="faq-icon" aria-hidden="true" />
                  </button>
                </QuestionHeading>
                <section id={panelId} aria-labelledby={buttonId} className="faq-answer" hidden={!isOpen}>
                  <p>{entry.answer}</p>
                </section>
              </div>
            );
          })}
        </section>
      ))}
    </div>
  );
}
