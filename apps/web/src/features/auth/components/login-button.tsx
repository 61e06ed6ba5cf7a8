import { useSignIn } from '../use-sign-in.ts';

/** The LOGIN button of the header and of the login prompts. */
export function LoginButton({ className = 'button' }: { className?: string }) {
  const signIn = useSignIn();
  return (
    <button type="button" className={className} onClick={signIn}>
      LOGIN
    </button>
  );
}
