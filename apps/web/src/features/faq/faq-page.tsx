import { sitePaths } from '@bahi/contracts/site';
import { Link } from 'react-router';
import { FaqAccordion } from './components/faq-accordion.tsx';

export function FaqPage() {
  return (
    <div className="container page">
      <div className="page-intro">
        <h1>Frequently asked questions</h1>
        <p className="lead">
          Answers about the financial data we serve and about plans, billing and payment. Still have a
          question? <Link to={sitePaths.support}>Ask API support</Link>.
        </p>
      </div>
      <FaqAccordion />
    </div>
  );
}
