import { errorCatalogue } from '@bahi/contracts/errors';
import { Link } from 'react-router';
import { withSoftBreaks } from '../../lib/soft-breaks.tsx';
import { ScrollPre } from './scroll-pre.tsx';

/** SPEC §8: the documented status codes. */
const statusCodes: [string, string][] = [
  ['200', 'OK, everything worked'],
  ['400', 'Bad Request, unacceptable request, often a missing required parameter'],
  ['401', 'Unauthorized, no valid API key provided'],
  ['402', 'Request Failed, parameters valid but the request failed'],
  ['403', 'Forbidden, the key lacks permission'],
  ['404', 'Not Found, the resource does not exist'],
  ['409', 'Conflict, conflicts with another request, e.g. the same idempotent key'],
  ['429', 'Too Many Requests, exponential backoff recommended'],
  ['50x', 'Server errors, rare'],
];

const problemExample = `{
  "type": "/docs/errors#bad_request",
  "title": "Bad Request",
  "status": 400,
  "detail": "querystring/period must be equal to one of the allowed values",
  "code": "bad_request",
  "request_id": "6f1c2b9e-4a57-4d8e-9a0b-2c3d4e5f6a7b",
  "param": "period"
}`;

export function AuthenticationSection({
  signedIn,
  apiKey,
  baseUrl,
}: {
  signedIn: boolean;
  apiKey: string;
  baseUrl: string;
}) {
  return (
    <section id="authentication" className="docs-section" aria-labelledby="authentication-title">
      <h2 id="authentication-title">Authentication</h2>
      <p>
        Every request needs an API key, sent as the <code>token</code> query parameter, over HTTPS (plain HTTP
        is refused). Keep your key secret: do not put it in code that runs in a browser.
      </p>
      <ScrollPre>
        <code>{`curl '${baseUrl}/stock-symbols?token=${apiKey}'`}</code>
      </ScrollPre>
      {signedIn ? (
        <p>
          The samples on this page use your own key. You can copy it from your{' '}
          <Link to="/company-profile">profile</Link>.
        </p>
      ) : (
        <p>
          The samples use a public test key for the free sample companies.{' '}
          <Link to="/basic-login">Sign in</Link> to get your own free key.
        </p>
      )}
      <p>
        Every plan allows 300 calls per minute; each answer carries x-ratelimit-limit, x-ratelimit-remaining
        and x-ratelimit-reset headers.
      </p>
    </section>
  );
}

export function ErrorsSection() {
  return (
    <section id="errors" className="docs-section" aria-labelledby="errors-title">
      <h2 id="errors-title">Errors</h2>
      <p>
        2xx means success, 4xx a problem with the request, 5xx a problem on our side. Error bodies are{' '}
        <code>application/problem+json</code>:
      </p>
      <table className="docs-table">
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {statusCodes.map(([code, meaning]) => (
            <tr key={code}>
              <td>{code}</td>
              <td>{meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Error body</h3>
      <ScrollPre>
        <code>{problemExample}</code>
      </ScrollPre>
      <table className="docs-table">
        <thead>
          <tr>
            <th scope="col">code</th>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(errorCatalogue).map(([code, e]) => (
            <tr key={code}>
              <td>
                <code className="docs-error-code">{withSoftBreaks(code, /(?<=_)/)}</code>
              </td>
              <td>{e.status}</td>
              <td>{e.meaning}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
