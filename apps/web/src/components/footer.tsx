import { contactEmails, siteName, sitePaths } from '@bahi/contracts/site';
import { Link } from 'react-router';
import { Logo } from './logo.tsx';

const columns = [
  {
    title: 'Product',
    links: [
      { to: sitePaths.features, label: 'Features' },
      { to: sitePaths.pricing, label: 'Pricing' },
      { to: sitePaths.docs, label: 'API Docs' },
      { to: sitePaths.faq, label: 'FAQ' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: sitePaths.about, label: 'About Us' },
      { to: sitePaths.contact, label: 'Contact Sales' },
      { to: sitePaths.support, label: 'API Support' },
      { to: sitePaths.feedback, label: 'Feedback' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: sitePaths.terms, label: 'Terms of Service' },
      { to: sitePaths.privacy, label: 'Privacy Policy' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Logo />
          <p>Financial data API for companies listed on the NSE and BSE.</p>
          <ul className="footer-contact">
            <li>
              Support: <a href={`mailto:${contactEmails.support}`}>{contactEmails.support}</a>
            </li>
            <li>
              Sales: <a href={`mailto:${contactEmails.sales}`}>{contactEmails.sales}</a>
            </li>
          </ul>
        </div>
        {columns.map((c) => (
          <nav key={c.title} aria-label={c.title} className="footer-col">
            <h2>{c.title}</h2>
            <ul>
              {c.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="container copyright">
        © {__BUILD_YEAR__} {siteName}. All rights reserved.
      </p>
    </footer>
  );
}
