import { useTitle } from '../use-title.ts';

export function NotFoundPage() {
  useTitle('Page not found | Bahi');
  return <p>Page you are looking for does not exist.</p>;
}
