import type { TitleCard } from '@seyirlik/shared-contracts';
import { renderSearchTheme } from './render-search-theme';

const hostile: TitleCard = {
  slug: 'kotu-niyet',
  kind: 'dizi',
  name: '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
  originalName: 'x',
  year: 2024,
  imdb: 7,
  posterUrl: '/media/posters/kotu-niyet.svg?a="><script>',
  adult: false,
};

describe('renderSearchTheme', () => {
  it('links each result to its page with its poster, name, year and kind', () => {
    const sut = renderSearchTheme([{ ...hostile, name: 'Şahmaran', posterUrl: '/media/posters/sahmaran.svg' }]);

    expect(sut).toContain('href="/dizi/kotu-niyet"');
    expect(sut).toContain('src="/media/posters/sahmaran.svg"');
    expect(sut).toContain('Şahmaran');
    expect(sut).toContain('2024 · Dizi');
  });

  it('escapes every catalog text', () => {
    const sut = renderSearchTheme([hostile]);

    expect(sut).not.toContain('<script>');
    expect(sut).not.toContain('<img src=x');
    expect(sut).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;');
    expect(sut).toContain('src="/media/posters/kotu-niyet.svg?a=&quot;&gt;&lt;script&gt;"');
  });

  it('says so when nothing was found', () => {
    expect(renderSearchTheme([])).toBe('<p class="search-results__empty">Aradığınız kriterlere uygun içerik bulunamadı.</p>');
  });
});
