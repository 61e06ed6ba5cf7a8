import { useSearchParams } from 'react-router';
import { LoginPrompt } from './components/login-prompt.tsx';
import { safePath } from './use-sign-in.ts';

/** /login?next=/path: a sign-in entry point that returns to the page that asked for it. */
export function LoginPage() {
  const [params] = useSearchParams();
  const next = safePath(params.get('next'));
  return (
    <LoginPrompt
      heading="Sign in"
      message="Sign in to get your API key and manage your subscription."
      next={next ? () => next : undefined}
    />
  );
}
