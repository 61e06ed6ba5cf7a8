import { endServerSession } from './auth-api.ts';
import { readProfile, writeProfile } from './session-store.ts';

/** Logout: forgets the stored profile at once and ends the server-side session in the background. */
export function signOut(): void {
  const profile = readProfile();
  writeProfile(null);
  if (profile) void endServerSession(profile.refreshToken);
}
