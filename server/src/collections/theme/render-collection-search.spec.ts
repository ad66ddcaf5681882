import { COLLECTION_MESSAGES as M, type CollectionTitle } from '@seyirlik/shared-contracts';
import { renderCollectionSearch } from './render-collection-search';

const hostile: CollectionTitle = {
  id: 12,
  slug: 'kotu-niyet',
  kind: 'film',
  name: '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
  originalName: 'x',
  year: 2024,
  imdb: 7,
  posterUrl: '/media/posters/kotu-niyet.svg?a="><script>',
  adult: false,
};

describe('renderCollectionSearch', () => {
  it('offers each title with the seed’s item (id, type, name) and an "Ekle" button', () => {
    const sut = renderCollectionSearch([{ ...hostile, name: 'Şahmaran', posterUrl: '/media/posters/sahmaran.svg' }]);

    expect(sut).toContain('data-id="12" data-type="film" data-name="Şahmaran"');
    expect(sut).toContain('href="/film/kotu-niyet"');
    expect(sut).toContain(`<button type="button" class="collection-search__add" data-id="12">${M.add}</button>`);
  });

  it('escapes every catalog text, in attributes too', () => {
    const sut = renderCollectionSearch([hostile]);

    expect(sut).not.toContain('<script>');
    expect(sut).not.toContain('<img src=x');
    expect(sut).toContain('data-name="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;"');
    expect(sut).toContain('src="/media/posters/kotu-niyet.svg?a=&quot;&gt;&lt;script&gt;"');
  });
});
