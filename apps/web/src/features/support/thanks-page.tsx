import { Link } from 'react-router';
import { MessagePage } from '../../components/message-page.tsx';

export function ThanksPage() {
  return (
    <MessagePage
      heading="Thank You!"
      tone="success"
      actions={
        <Link className="button" to="/">
          Go to Home
        </Link>
      }
    >
      <p className="lead">We have received your message and will get back to you soon.</p>
    </MessagePage>
  );
}
