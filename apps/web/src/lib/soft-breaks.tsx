import { Fragment, type ReactNode } from 'react';

/**
 * `text` with line-break opportunities (`<wbr>`) where `at` splits it, e.g. `/(?<=_)/` after each
 * underscore or `/(?=@)/` before the at sign, so a long identifier wraps there and never inside
 * a word.
 */
export function withSoftBreaks(text: string, at: RegExp): ReactNode {
  const parts = text.split(at);
  return parts.map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
