import type { SessionProfile } from '../../session/session-store.ts';
import { LoginButton } from './login-button.tsx';

/** A centred message with a LOGIN button (/session-expired, /basic-login, /strat). */
export function LoginPrompt({
  heading,
  message,
  next,
}: {
  heading: string;
  message: string;
  next?: (profile: SessionProfile) => string;
}) {
  return (
    <section className="message-page">
      <h1>{heading}</h1>
      <p className="lead">{message}</p>
      <div className="actions">
        <LoginButton next={next} />
      </div>
    </section>
  );
}
