import { drawBackdrop } from './backdrop-svg';
import { textWidth } from './drawn-art';
import { POSTER_MAX_LINES, POSTER_NAME_SIZES, POSTER_TEXT_WIDTH, drawPoster, escapeXml, type PosterTitle } from './poster-svg';

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

  /** The name's lines and their font size. */
  const nameOf = (svg: string) => ({
    lines: textNodes(svg).slice(2, -1),
    fontSize: Number(/<text x="24" y="\d+" font-size="(\d+)"/.exec(svg)![1]),
  });

  it('sets a short name large and a long one smaller, every line within the margins', () => {
    const short = nameOf(drawPoster(title({ name: 'Lodos' })));
    const long = nameOf(drawPoster(title({ name: 'Ejderha Bahçesinin Bekçisi ve Kayıp Anahtarlar' })));

    expect(short).toEqual({ lines: ['Lodos'], fontSize: POSTER_NAME_SIZES[0] });
    expect(long.fontSize).toBeLessThan(POSTER_NAME_SIZES[0]);
    for (const { lines, fontSize } of [short, long]) {
      expect(lines.every((line) => textWidth(line, fontSize) <= POSTER_TEXT_WIDTH)).toBe(true);
    }
  });

  it('keeps wide letters within the margins: a line of M is as wide as the poster allows', () => {
    const sut = nameOf(drawPoster(title({ name: 'MMMMMMMMMMMMMMMMMMMM WWWWWWWWWW' })));

    expect(sut.lines.every((line) => textWidth(line, sut.fontSize) <= POSTER_TEXT_WIDTH)).toBe(true);
  });

  it('wraps a long name into lines, cuts a word longer than a line and ends with an ellipsis past five lines', () => {
    const long = nameOf(drawPoster(title({ name: 'Bir Varmış Bir Yokmuş Evvel Zaman İçinde Kalbur Saman İçinde Develer Tellal İken Pireler Berber İken Ben Annemin Beşiğini Tıngır Mıngır Sallar İken' })));
    const word = nameOf(drawPoster(title({ name: 'Muvaffakiyetsizleştiricileştiriveremeyebileceklerimizdenmişsinizcesine' })));

    expect(long.lines).toHaveLength(POSTER_MAX_LINES);
    expect(long.fontSize).toBe(POSTER_NAME_SIZES.at(-1));
    expect(long.lines.at(-1)!.endsWith('…')).toBe(true);
    expect(word.lines.length).toBeGreaterThan(1);
    expect(word.lines.join('').replace('…', '')).toMatch(/^Muvaffakiyetsiz/);
    for (const { lines, fontSize } of [long, word]) {
      expect(lines.every((line) => textWidth(line, fontSize) <= POSTER_TEXT_WIDTH)).toBe(true);
    }
  });
});

describe('drawn backdrops', () => {
  it('are 16:9 pictures in the poster\'s colours, with no text to overflow', () => {
    const colours = (svg: string) => new Set(svg.match(/hsl\([^)]*\)/g));
    const poster = drawPoster(title());

    const sut = drawBackdrop(title());

    expect(sut).toContain('viewBox="0 0 1280 720"');
    expect(sut).not.toContain('<text');
    expect([...colours(sut)].some((colour) => colours(poster).has(colour))).toBe(true);
    expect(drawBackdrop(title({ name: '<script>alert(1)</script>' }))).not.toContain('<script');
  });
});
