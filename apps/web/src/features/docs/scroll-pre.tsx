import type { ComponentProps } from 'react';

/** A scrollable code block that keyboard users can reach and scroll. */
export function ScrollPre(props: ComponentProps<'pre'>) {
  // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable code must be reachable by keyboard.
  return <pre tabIndex={0} {...props} />;
}
