import { sitePaths } from '@bahi/contracts/site';
import { Link } from 'react-router';
import { MessagePage } from '../../components/message-page.tsx';

export function PaymentFailedPage() {
  return (
    <MessagePage
      heading="Payment Failed!"
      tone="error"
      actions={
        <Link className="button" to={sitePaths.pricing}>
          Try Again
        </Link>
      }
    >
      <p className="lead">Payment failed. Please retry, or contact support if the issue continues.</p>
    </MessagePage>
  );
}
