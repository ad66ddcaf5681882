import { DISCUSSION_LINK_REL } from '@seyirlik/shared-contracts';
import { render } from '@testing-library/react';
import { DiscussionText } from './DiscussionText';

describe('DiscussionText', () => {
  it('keeps line breaks and makes only http(s) addresses links, never followed or trusted', () => {
    const { container } = render(<DiscussionText text={'İlk satır https://ornek.com/a\nikinci javascript:alert(1) ftp://x.org'} />);

    const links = Array.from(container.querySelectorAll('a'));
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('rel'), link.textContent])).toEqual([
      ['https://ornek.com/a', DISCUSSION_LINK_REL, 'https://ornek.com/a'],
    ]);
    expect(container.querySelectorAll('br')).toHaveLength(1);
    expect(container.textContent).toBe('İlk satır https://ornek.com/aikinci javascript:alert(1) ftp://x.org');
  });

  it('shows markup as the text it is', () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">x</a>';
    const { container } = render(<DiscussionText text={text} />);

    expect(container.querySelector('script, img, a')).toBeNull();
    expect(container.textContent).toBe(text);
  });
});
