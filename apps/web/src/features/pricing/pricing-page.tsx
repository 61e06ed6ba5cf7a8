import { sitePaths } from '@bahi/contracts/site';
import { Link } from 'react-router';
import { FaqAccordion } from '../faq/components/faq-accordion.tsx';
import { PricingCards } from './components/pricing-cards.tsx';

export function PricingPage() {
  return (
    <div className="container page">
      <div className="page-intro">
        <h1>Financial data API pricing</h1>
        <p className="lead">
          Start free with three sample companies, then choose the plan that fits how you use the data.
        </p>
      </div>
      <section aria-labelledby="plans-heading">
        <h2 id="plans-heading" className="visually-hidden">
          Plans
        </h2>
        <PricingCards headingLevel={3} />
      </section>
      <section aria-labelledby="pricing-faq-heading" className="section">
        <h2 id="pricing-faq-heading">Frequently asked questions</h2>
        <FaqAccordion headingLevel={3} />
        <p>
          See all questions on the <Link to={sitePaths.faq}>API FAQ page</Link>.
        </p>
      </section>
    </div>
  );
}
