import type { SessionProfile } from './session-store.ts';

/**
 * Starts sign-in and resolves with the stored profile. The sign-in flow itself (development
 * identity provider popup or Google) belongs to the accounts feature, which replaces this file.
 */
export function startSignIn(): Promise<SessionProfile> {
  return Promise.reject(new Error('Sign-in is not available in this build yet.'));
}
