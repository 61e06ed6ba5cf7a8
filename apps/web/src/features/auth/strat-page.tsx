import { LoginPrompt } from './components/login-prompt.tsx';

export function StratPage() {
  return (
    <LoginPrompt
      heading="Sign in to subscribe"
      message="Please login to continue with your API subscription payment securely."
    />
  );
}
