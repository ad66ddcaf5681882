import { episodeNotice, type ReleasedEpisode } from './episode-notices';

const episode = (overrides: Partial<ReleasedEpisode> = {}): ReleasedEpisode => ({
  episodeId: 42,
  titleId: 7,
  titleName: 'Çınaraltı Sırları',
  titleKind: 'dizi',
  titleSlug: 'cinaralti-sirlari',
  seasonNumber: 2,
  episodeNumber: 5,
  premiere: false,
  ...overrides,
});

describe('episodeNotice', () => {
  it("names a series' episode by season and number and links its watch page", () => {
    const sut = episodeNotice(episode());

    expect(sut).toEqual({
      groupKey: 'episode:42',
      texts: {
        'episode.new': 'Takip ettiğiniz Çınaraltı Sırları için yeni bölüm: 2. Sezon 5. Bölüm',
        'title.aired': 'Haber vermemizi istediğiniz Çınaraltı Sırları yayında: 2. Sezon 5. Bölüm',
      },
      link: '/dizi/cinaralti-sirlari/2-sezon/5-bolum',
    });
  });

  it('says a film is on air, without season or episode, and links its watch page', () => {
    const sut = episodeNotice(episode({ titleKind: 'film', titleName: 'Buzdan Köprü', titleSlug: 'buzdan-kopru', seasonNumber: 1, episodeNumber: 1 }));

    expect(sut.texts).toEqual({
      'episode.new': 'Takip ettiğiniz Buzdan Köprü yayında',
      'title.aired': 'Haber vermemizi istediğiniz Buzdan Köprü yayında',
    });
    expect(sut.link).toBe('/film/buzdan-kopru/izle');
  });
});
