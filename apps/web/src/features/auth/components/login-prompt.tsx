import { LoginButton } from './login-button.tsx';

/** A centred message with a LOGIN button (/session-expired, /basic-login, /strat). */
export function LoginPrompt({ heading, message }: { heading: string; message: string }) {
  return (
    <section className="message-page">
      <h1>{heading}</h1>
      <p className="lead">{message}</p>
      <div className="actions">
        <LoginButton />
      </div>
    </section>
  );
}
