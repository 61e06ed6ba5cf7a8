import { marketingStats } from '@bahi/contracts/plans';
import { dataFreshness, sitePaths } from '@bahi/contracts/site';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { PricingCards } from '../pricing/components/pricing-cards.tsx';
import { useSession } from '../session/use-session.ts';
import { featureCards, sampleRequest, sampleResponse, trustBadges } from './content.ts';

export function HomePage() {
  const { hash, key } = useLocation();
  // The landing page opens at the top unless a section (/#features) was asked for, also when
  // the link was followed from another page (the router's own restoration leaves it at the top).
  // `key` re-runs it for every navigation to this page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is there to re-run it per navigation
  useEffect(() => {
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (section) section.scrollIntoView();
    else if (window.scrollY !== 0) window.scrollTo(0, 0);
  }, [hash, key]);
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <p className="eyebrow">NSE and BSE financial data API</p>
          <h1>Financial data API for Indian listed companies</h1>
          <p className="lead">
            Statements, 500+ ratios, quotes, shareholding patterns and corporate actions for every company
            listed on the NSE and BSE, as clean JSON over one REST API.
          </p>
          <div className="actions">
            <FreeKeyLink className="button" />
            <Link className="button button-secondary" to={sitePaths.docs}>
              Read the API docs
            </Link>
          </div>
          <ul className="badges" aria-label="Why developers trust us">
            {trustBadges.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </div>
      </section>

      <section className="stats-band" aria-labelledby="stats-heading">
        <div className="container">
          <h2 id="stats-heading" className="visually-hidden">
            In numbers
          </h2>
          <dl className="stats">
            {[...marketingStats, dataFreshness].map((s) => (
              <div key={s.label}>
                <dt>{s.label}</dt>
                <dd>{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section id="features" className="section container" aria-labelledby="features-heading">
        <h2 id="features-heading">Everything you need to analyse Indian companies</h2>
        <ul className="feature-grid">
          {featureCards.map((f) => (
            <li key={f.title} className="card feature-card">
              <h3>
                {f.title}
                {f.comingSoon && <span className="tag">Coming soon</span>}
              </h3>
              <p>{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="section sample-band" aria-labelledby="sample-heading">
        <div className="container sample-grid">
          <div>
            <h2 id="sample-heading">One request, clean JSON</h2>
            <p>
              Ask for a company’s quarterly profit and loss and get the reported figures with the result date.
              Amounts are in ₹ crore; the values here are illustrative.
            </p>
            <Link to={sitePaths.docs}>Explore every endpoint in the API docs</Link>
          </div>
          <figure className="code-sample">
            <figcaption>
              <code>{sampleRequest}</code>
            </figcaption>
            <pre>
              <code>{JSON.stringify(sampleResponse, null, 2)}</code>
            </pre>
          </figure>
        </div>
      </section>

      <section className="section container" aria-labelledby="pricing-heading">
        <h2 id="pricing-heading">Simple pricing</h2>
        <PricingCards headingLevel={3} />
      </section>

      <section className="cta-band" aria-labelledby="cta-heading">
        <div className="container">
          <h2 id="cta-heading">Start building with Indian market data today</h2>
          <p>Sign in, copy your API key and make your first request in minutes.</p>
          <div className="actions">
            <FreeKeyLink className="button button-light" />
            <Link className="button button-outline-light" to={sitePaths.contact}>
              Talk to sales
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

/** "Get your free API key": to the key itself when signed in, else to the sign-in prompt. */
function FreeKeyLink({ className }: { className: string }) {
  const { signedIn } = useSession();
  return (
    <Link className={className} to={signedIn ? sitePaths.profile : sitePaths.basicLogin}>
      Get your free API key
    </Link>
  );
}
