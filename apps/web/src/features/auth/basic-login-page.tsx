import { LoginPrompt } from './components/login-prompt.tsx';

export function BasicLoginPage() {
  return <LoginPrompt heading="Get your free API key" message="Please login to access you free API key..." />;
}
