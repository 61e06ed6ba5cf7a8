/**
 * The public sample API key of the embedded default (never valid in production): a Basic-plan
 * key the documentation shows to signed-out visitors, so its code samples and "Realtime
 * response" links work for the three sample companies.
 */
export const publicSampleKey = 'bahi_SampleKeyForTheDocumentationOnBasicPlan1';
export const publicSampleKeyEmail = 'sample-key@bahi.invalid';
