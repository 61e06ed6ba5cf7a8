/** The text shown when a submission fails without a better message (SPEC §8). */
export const genericFailure = 'Something went wrong! Please try again.';

export interface FieldProblem {
  field: string;
  message: string;
}

export type PostResult = { ok: true } | { ok: false; message: string; fieldErrors: FieldProblem[] };

/**
 * Reads a submission answer the way SPEC §8 describes: 200 or 201 is success; any other answer is
 * 'Something went wrong! Please try again.', except that a failed request shows the server's
 * message (problem+json `detail`, or `message`) when it sent one, and a request that never got an
 * answer shows its error message.
 */
export async function readSubmission(
  send: () => Promise<Response>,
  success: readonly number[] = [200, 201],
): Promise<PostResult> {
  let res: Response;
  try {
    res = await send();
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : genericFailure;
    return { ok: false, message, fieldErrors: [] };
  }
  if (success.includes(res.status)) return { ok: true };
  if (res.ok) return { ok: false, message: genericFailure, fieldErrors: [] };
  const body = (await res.json().catch(() => null)) as {
    detail?: unknown;
    message?: unknown;
    errors?: unknown;
  } | null;
  const serverMessage = [body?.detail, body?.message].find((m) => typeof m === 'string' && m.trim() !== '');
  const fieldErrors = Array.isArray(body?.errors)
    ? (body.errors as unknown[]).filter(
        (e): e is FieldProblem =>
          typeof e === 'object' &&
          e !== null &&
          typeof (e as FieldProblem).field === 'string' &&
          typeof (e as FieldProblem).message === 'string',
      )
    : [];
  return { ok: false, message: (serverMessage as string | undefined) ?? genericFailure, fieldErrors };
}

/** The product name sent as ?source= on POST /support. */
export const formSource = 'bahi';

export function postSupportForm(payload: unknown): Promise<PostResult> {
  return readSubmission(() =>
    fetch(`/support?source=${formSource}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    }),
  );
}
