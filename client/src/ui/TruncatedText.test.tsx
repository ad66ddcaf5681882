import { fireEvent, render, screen } from '@testing-library/react';
import { TruncatedText } from './TruncatedText';

describe('TruncatedText', () => {
  it('shows a text of 550 characters whole, without a toggle', () => {
    const text = 'a'.repeat(550);

    render(<TruncatedText text={text} />);

    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts a longer text after 550 characters and toggles between more and less', () => {
    const text = `${'b'.repeat(550)}SON`;
    const { container } = render(<TruncatedText text={text} />);
    const paragraph = container.querySelector('p')!;

    expect(paragraph.textContent).toBe(`${'b'.repeat(550)}…`);
    const toggle = screen.getByRole('button', { name: 'Devamını oku' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(paragraph.id);

    fireEvent.click(toggle);

    expect(paragraph.textContent).toBe(text);
    expect(toggle.textContent).toBe('Daha az göster');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Daha az göster' }));

    expect(paragraph.textContent).toBe(`${'b'.repeat(550)}…`);
  });

  it('counts an emoji as one character and never cuts it in half', () => {
    const text = '🎬'.repeat(551);
    const { container } = render(<TruncatedText text={text} />);

    expect(container.querySelector('p')!.textContent).toBe(`${'🎬'.repeat(550)}…`);
  });
});
