import { z } from 'zod';

/**
 * A field people never see or fill (hidden off-screen, out of the tab order, autocomplete off).
 * Bots that fill every input give it a value; the server keeps such a submission, marked as spam,
 * and sends no mail for it.
 */
export const honeypotField = 'fax_number';

export const honeypot = z.string().max(500).optional();
