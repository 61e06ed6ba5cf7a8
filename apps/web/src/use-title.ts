import { useEffect } from 'react';

export const siteName = 'Bahi';

/** Sets document.title for the current route. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
