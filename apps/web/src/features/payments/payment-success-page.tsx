import { sitePaths } from '@bahi/contracts/site';
import { Link } from 'react-router';
import { MessagePage } from '../../components/message-page.tsx';

export function PaymentSuccessPage() {
  return (
    <MessagePage
      heading="Payment Successful!"
      tone="success"
      actions={
        <Link className="button" to={sitePaths.docs}>
          API Docs
        </Link>
      }
    >
      <p className="lead">
        Your subscription is active. Your API key on your profile now carries the new plan.
      </p>
    </MessagePage>
  );
}
