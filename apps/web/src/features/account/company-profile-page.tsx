import { plans, rateLimitText } from '@bahi/contracts/plans';
import { sitePaths } from '@bahi/contracts/site';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { authedJson, SessionExpiredError } from '../../lib/api-client.ts';
import { type ApiToken, profilePatchFromApiToken } from '../session/auth-api.ts';
import { initialsOf } from '../session/initials.ts';
import { updateProfile } from '../session/session-store.ts';
import { useSession } from '../session/use-session.ts';
import { ApiKeyPanel } from './components/api-key-panel.tsx';

/** /company-profile: account overview with the API key (SPEC §2 profile page). */
export function CompanyProfilePage() {
  const { profile } = useSession();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Signed out while here (expired session, logout): whoever cleared the profile navigates.
  const wasSignedIn = useRef(false);
  if (profile) wasSignedIn.current = true;

  // Fresh key and subscription from the server each visit (a plan bought elsewhere shows at once).
  const signedIn = !!profile;
  useEffect(() => {
    if (!signedIn) return;
    authedJson<ApiToken>('/api/v2/api-token')
      .then((t) => updateProfile(profilePatchFromApiToken(t)))
      .catch((err: unknown) => {
        if (!(err instanceof SessionExpiredError)) console.error('could not refresh the profile', err);
      });
  }, [signedIn]);

  if (!profile) {
    // Signed out: off to sign-in, deciding only once storage has been read in the browser.
    if (!hydrated || wasSignedIn.current) return null;
    return <Navigate to={`${sitePaths.login}?next=${encodeURIComponent(sitePaths.profile)}`} replace />;
  }
  const plan = plans[profile.plan];
  return (
    <div className="container page profile-page">
      <div className="profile-head">
        <span className="avatar avatar-large" aria-hidden="true">
          {initialsOf(profile.user)}
        </span>
        <div>
          <h1>{profile.user}</h1>
          <p className="muted">{profile.email}</p>
        </div>
      </div>
      <div className="profile-grid">
        <section className="card" aria-labelledby="plan-heading">
          <h2 id="plan-heading">Subscription</h2>
          <dl className="facts">
            <div>
              <dt>Current plan</dt>
              <dd data-testid="plan-name">{plan.name}</dd>
            </div>
            <div>
              <dt>Billing cycle</dt>
              <dd>{billingCycleText(profile.billing_cycle)}</dd>
            </div>
            <div>
              <dt>Next billing date</dt>
              <dd>{dateText(profile.subscription_expiration)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{profile.billing_status ?? 'NA'}</dd>
            </div>
            <div>
              <dt>API rate limit</dt>
              <dd>{rateLimitText}</dd>
            </div>
          </dl>
        </section>
        <ApiKeyPanel apiKey={profile.key} />
      </div>
    </div>
  );
}

function billingCycleText(cycle: string | null): string {
  if (!cycle || cycle === 'NA') return 'NA';
  return cycle.charAt(0).toUpperCase() + cycle.slice(1);
}

function dateText(iso: string | null): string {
  if (!iso) return 'NA';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleDateString('en-IN', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Asia/Kolkata',
      });
}
