import { marketingStats } from '@bahi/contracts/plans';
import { contactEmails, sitePaths } from '@bahi/contracts/site';
import { Link } from 'react-router';

export function AboutPage() {
  return (
    <div className="container page prose">
      <h1>About us</h1>
      <p className="lead">
        Bahi turns the filings of India’s listed companies into clean, consistent data that developers,
        analysts, fintech firms and AI researchers can use straight away.
      </p>
      <h2>Why we built it</h2>
      <p>
        Annual reports, quarterly results, shareholding patterns and corporate announcements are public, but
        they arrive as PDFs, spreadsheets and exchange files in many shapes. Turning them into something a
        program can rely on takes weeks for each team that tries. We do that work once, carefully, for
        everyone.
      </p>
      <h2>What we offer</h2>
      <ul>
        {marketingStats.map((s) => (
          <li key={s.label}>
            {s.value} {s.label.toLowerCase()}
          </li>
        ))}
        <li>Statements, ratios, quotes, shareholding, corporate actions, holidays and commodity prices</li>
        <li>Updates within a day of a company filing its results</li>
      </ul>
      <h2>How we work</h2>
      <p>
        Every figure is traceable to the filing it came from, every ratio is computed by one engine with
        published definitions, and the same API serves our free and paid plans. We publish our{' '}
        <Link to={sitePaths.docs}>API documentation</Link> openly, so you can judge the data before you pay.
      </p>
      <h2>Get in touch</h2>
      <p>
        Write to <a href={`mailto:${contactEmails.support}`}>{contactEmails.support}</a> for help with the
        API, or <Link to={sitePaths.contact}>contact our sales team</Link> about an Enterprise agreement. See{' '}
        <Link to={sitePaths.pricing}>plans and pricing</Link>.
      </p>
    </div>
  );
}
