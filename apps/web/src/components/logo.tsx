import { siteName } from '@bahi/contracts/site';
import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={`${siteName} home`}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="#0b5cad" />
        <path d="M8 23V13h3v10zm6.5 0V9h3v14zM21 23v-7h3v7z" fill="#fff" />
      </svg>
      <span>{siteName}</span>
    </Link>
  );
}
