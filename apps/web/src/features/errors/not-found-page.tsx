import { sitePaths } from '@bahi/contracts/site';
import { Link } from 'react-router';
import { MessagePage } from '../../components/message-page.tsx';

export function NotFoundPage() {
  return (
    <MessagePage
      heading="404"
      actions={
        <>
          <Link className="button" to="/">
            Go to Home
          </Link>
          <Link className="button button-secondary" to={sitePaths.docs}>
            API Docs
          </Link>
        </>
      }
    >
      <p className="lead">Page you are looking for does not exist.</p>
    </MessagePage>
  );
}
