import type { SessionProfile } from '../../session/session-store.ts';
import { useSignIn } from '../use-sign-in.ts';

/** The LOGIN button of the header and of the login prompts. */
export function LoginButton({
  className = 'button',
  next,
}: {
  className?: string;
  next?: (profile: SessionProfile) => string;
}) {
  const signIn = useSignIn(next);
  return (
    <button type="button" className={className} onClick={signIn}>
      LOGIN
    </button>
  );
}
