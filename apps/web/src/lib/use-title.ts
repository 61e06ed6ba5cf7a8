import { useEffect } from 'react';

/** Sets document.title for pages whose title depends on state; static titles live in the route table. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
