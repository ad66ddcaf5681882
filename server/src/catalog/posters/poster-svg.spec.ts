import { drawPoster, escapeXml, type PosterTitle } from './poster-svg';

const title = (overrides: Partial<PosterTitle> = {}): PosterTitle => ({
  slug: 'cinaralti-sirlari',
  name: 'Çınaraltı Sırları',
  kind: 'dizi',
  year: 2023,
  ...overrides,
});

/** The text nodes of the SVG, as an XML reader would decode them. */
function textNodes(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) =>
    match[1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
}

describe('drawn posters', () => {
  it('shows the name, the kind and the year', () => {
    const sut = drawPoster(title());

    expect(textNodes(sut)).toEqual(['Dizi', '2023', 'Çınaraltı', 'Sırları', 'Seyirlik']);
  });

  it('keeps a hostile name as text: no element, attribute or entity of its own', () => {
    const name = `</text><script>alert("x")</script><text a='1'>&amp; &#x3C;`;

    const sut = drawPoster(title({ name }));

    expect(sut).not.toContain('<script');
    expect(sut).not.toContain("a='1'");
    expect(sut.match(/<text/g)).toHaveLength(sut.match(/<\/text>/g)!.length);
    expect(textNodes(sut).slice(2, -1).join(' ').replace(/\s+/g, '')).toBe(name.replace(/\s+/g, ''));
    expect(sut).toContain(`aria-label="${escapeXml(name)}"`);
  });

  it('drops characters XML cannot hold at all', () => {
    expect(escapeXml('a\u0000b\u001Fc\uFFFEd\uD800e')).toBe('abcde');
  });

  it('draws the same title the same way, and another slug in other colours', () => {
    const colours = (svg: string) => svg.match(/hsl\([^)]*\)/g);

    expect(drawPoster(title())).toBe(drawPoster(title()));
    expect(colours(drawPoster(title({ slug: 'lodos-vakti' })))).not.toEqual(colours(drawPoster(title())));
  });

  it('wraps a long name into lines, cuts a word longer than a line and ends with an ellipsis past five lines', () => {
    const long = drawPoster(title({ name: 'Bir Varmış Bir Yokmuş Evvel Zaman İçinde Kalbur Saman İçinde Develer Tellal İken' }));
    const word = drawPoster(title({ name: 'Muvaffakiyetsizleştiricileştiriveremeyebileceklerimizdenmişsinizcesine' }));

    const lines = textNodes(long).slice(2, -1);
    expect(lines).toHaveLength(5);
    expect(lines.every((line) => Array.from(line).length <= 13)).toBe(true);
    expect(lines[4]!.endsWith('…')).toBe(true);
    expect(textNodes(word).slice(2, -1).every((line) => Array.from(line).length <= 13)).toBe(true);
  });
});
