import { sitePaths } from '@bahi/contracts/site';
import { Navigate } from 'react-router';
import { useSession } from '../session/use-session.ts';
import { LoginPrompt } from './components/login-prompt.tsx';

/** /basic-login: sign in to get the free key; signed in (a bookmark, the back button), on to the key. */
export function BasicLoginPage() {
  const { signedIn } = useSession();
  if (signedIn) return <Navigate to={sitePaths.profile} replace />;
  return (
    <LoginPrompt
      heading="Get your free API key"
      message="Please login to access you free API key..."
      next={() => sitePaths.profile}
    />
  );
}
