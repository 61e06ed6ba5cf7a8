import '../../session/session.css';
import { SignInDialog } from '../../session/components/sign-in-dialog.tsx';
import { useSession } from '../../session/use-session.ts';
import { useSessionKeeper } from '../../session/use-session-keeper.ts';
import { LoginButton } from './login-button.tsx';
import { UserMenu } from './user-menu.tsx';

/** What the header shows on the right: LOGIN when signed out, the user menu when signed in. */
export function AccountSlot() {
  useSessionKeeper();
  const { profile } = useSession();
  return (
    <>
      {profile ? (
        <UserMenu name={profile.user} email={profile.email} />
      ) : (
        <LoginButton className="button button-small" />
      )}
      <SignInDialog />
    </>
  );
}
