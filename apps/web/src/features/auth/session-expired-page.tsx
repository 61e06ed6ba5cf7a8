import { LoginPrompt } from './components/login-prompt.tsx';

export function SessionExpiredPage() {
  return (
    <LoginPrompt heading="Session expired" message="Your Current session expired, Please login again.." />
  );
}
