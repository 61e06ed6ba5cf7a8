import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withSoftBreaks } from './soft-breaks.tsx';

describe('withSoftBreaks', () => {
  it('puts a break opportunity after each underscore and keeps the text', () => {
    const { container } = render(<code>{withSoftBreaks('unsupported_media_type', /(?<=_)/)}</code>);
    expect(container.textContent).toBe('unsupported_media_type');
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
    expect(container.querySelector('code')?.innerHTML).toBe('unsupported_<wbr>media_<wbr>type');
  });

  it('puts one before the at sign of an email', () => {
    const { container } = render(<span>{withSoftBreaks('a.very.long.name@example.com', /(?=@)/)}</span>);
    expect(container.querySelector('span')?.innerHTML).toBe('a.very.long.name<wbr>@example.com');
  });
});
