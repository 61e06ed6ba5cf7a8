import type { z } from 'zod';

export interface FieldError {
  field: string;
  message: string;
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldError[] };

export const unknownFieldMessage = 'This field is not accepted.';
export const notAnObjectMessage = 'Send the form as a JSON object.';

/**
 * Validates a form body the way the server answers it: the first message of every invalid field,
 * in the schema's field order, and every unknown field named.
 */
export function validateForm<S extends z.ZodType>(schema: S, input: unknown): Validation<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        if (!seen.has(key)) errors.push({ field: key, message: unknownFieldMessage });
        seen.add(key);
      }
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]) : '';
    if (seen.has(field)) continue;
    seen.add(field);
    errors.push({ field, message: field === '' ? notAnObjectMessage : issue.message });
  }
  return { ok: false, errors };
}
