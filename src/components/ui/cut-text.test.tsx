import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CutText } from './cut-text.tsx';

describe('CutText', () => {
  afterEach(cleanup);

  it('renders a short text whole without a button when it fits', () => {
    const { container } = render(<CutText text="hello" max={10} />);
    expect(container.textContent).toBe('hello');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('renders only the first characters and a Show all button when the text is longer', () => {
    const text = 'a'.repeat(30) + 'TAIL';
    const { container } = render(<CutText text={text} max={30} />);
    expect(container.textContent).not.toContain('TAIL');
    expect(screen.getByRole('button', { name: 'Show all 34 characters' })).toBeTruthy();
  });

  it('renders the whole text when Show all is pressed', () => {
    const text = 'b'.repeat(50) + 'END';
    const { container } = render(<CutText text={text} max={10} />);
    fireEvent.click(screen.getByRole('button', { name: /^Show all/ }));
    expect(container.textContent).toBe(text);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
