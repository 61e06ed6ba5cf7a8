import { sitePaths } from '@bahi/contracts/site';
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { withSoftBreaks } from '../../../lib/soft-breaks.tsx';
import { initialsOf } from '../../session/initials.ts';
import { signOut } from '../../session/sign-out.ts';

/** Signed in: the initials button opening a menu with Profile and Logout. */
export function UserMenu({ name, email }: { name: string; email: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  // Registered as the menu appears (a layout effect runs before the next input is handled), so
  // a key pressed right after opening already closes or leaves it.
  useLayoutEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      // Focus inside the menu goes back to the button that opened it, not to the page's start.
      if (root.current?.contains(document.activeElement)) button.current?.focus();
    };
    // Tabbing out of the menu closes it.
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);
  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="avatar avatar-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((o) => !o)}
      >
        {initialsOf(name)}
      </button>
      {open && (
        <div id={menuId} className="user-menu-panel">
          <p className="user-menu-who">
            <strong>{name}</strong>
            <span className="muted">{withSoftBreaks(email, /(?=@)/)}</span>
          </p>
          <ul>
            <li>
              <Link to={sitePaths.profile} onClick={() => setOpen(false)}>
                Profile
              </Link>
            </li>
            <li>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setOpen(false);
                  signOut();
                  navigate(sitePaths.home);
                }}
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
