/**
 * Navigation for code outside React components (the API client): the router registers its
 * navigate function at start; before that, a full page load does the job.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigateFn: Navigate | null = null;

export function registerNavigate(fn: Navigate | null): void {
  navigateFn = fn;
}

export function navigateTo(to: string, opts: { replace?: boolean } = {}): void {
  if (navigateFn) navigateFn(to, opts);
  else if (opts.replace) window.location.replace(to);
  else window.location.assign(to);
}
