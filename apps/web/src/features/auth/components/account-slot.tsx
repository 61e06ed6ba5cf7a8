import { LoginButton } from './login-button.tsx';

/** What the header shows on the right: LOGIN when signed out; the sign-in feature adds the user menu. */
export function AccountSlot() {
  return <LoginButton className="button button-small" />;
}
