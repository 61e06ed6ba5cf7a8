import { useSyncExternalStore } from 'react';
import { readProfile, type SessionProfile, subscribeProfile, writeProfile } from './session-store.ts';

/**
 * The stored session profile (SPEC §4: signed in means a stored profile with a user). The
 * prerendered HTML is always signed out; hydration starts from that and then reads storage.
 */
export function useSession(): {
  profile: SessionProfile | null;
  signedIn: boolean;
  setProfile: (p: SessionProfile) => void;
  signOut: () => void;
} {
  const profile = useSyncExternalStore(subscribeProfile, readProfile, () => null);
  return {
    profile,
    signedIn: !!profile?.user,
    setProfile: (p) => writeProfile(p),
    signOut: () => writeProfile(null),
  };
}
