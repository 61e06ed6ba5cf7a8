import { headerHideAfterPx, sitePaths } from '@bahi/contracts/site';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { useHideOnScroll } from '../lib/use-hide-on-scroll.ts';
import { Logo } from './logo.tsx';

const links = [
  { to: sitePaths.features, label: 'Features' },
  { to: sitePaths.pricing, label: 'Pricing' },
  { to: sitePaths.docs, label: 'API Docs' },
  { to: sitePaths.support, label: 'Support' },
];

/**
 * Site header: logo, main links and the `account` slot (LOGIN button or user menu). It slides
 * away while scrolling down past 100 px and returns on scroll up (and, by CSS, whenever it holds keyboard focus).
 */
export function Header({ account }: { account: ReactNode }) {
  const hidden = useHideOnScroll(headerHideAfterPx);
  const ref = useRef<HTMLElement>(null);
  // How much of the viewport's top the header takes now, as `--site-header-shown` on the root,
  // so sticky parts of a page (the docs navigation) stay below it instead of under it.
  useEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const update = () =>
      root.style.setProperty('--site-header-shown', hidden ? '0px' : `${header.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(header);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--site-header-shown');
    };
  }, [hidden]);
  return (
    <header ref={ref} className="site-header" data-hidden={hidden ? 'true' : 'false'}>
      <div className="container header-row">
        <Logo />
        <nav aria-label="Main" className="main-nav">
          <ul>
            {links.map((l) => (
              <li key={l.to}>
                {l.to.includes('#') ? (
                  <Link to={l.to}>{l.label}</Link>
                ) : (
                  <NavLink to={l.to}>{l.label}</NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="header-account">{account}</div>
      </div>
    </header>
  );
}
