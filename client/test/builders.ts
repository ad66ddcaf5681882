import type {
  MyAccount,
  PublicProfile,
  SessionUser,
  TitleCard,
  TitleDetail,
  WatchData,
} from '@seyirlik/shared-contracts';

export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return { id: 7, username: 'ayse', profileName: 'Ayşe Yılmaz', avatarUrl: null, ...overrides };
}

export function buildPublicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    username: 'ayse',
    profileName: 'Ayşe Yılmaz',
    about: 'Dizi izlemeyi severim.',
    country: 'Türkiye',
    avatarUrl: null,
    social: { facebook: null, twitter: null, instagram: null },
    joinedAt: '2025-05-19T10:00:00.000Z',
    ...overrides,
  };
}

export function buildMyAccount(overrides: Partial<MyAccount> = {}): MyAccount {
  return { ...buildPublicProfile(), id: 7, emailAddress: 'ayse@example.com', ...overrides };
}

export function buildTitleCard(overrides: Partial<TitleCard> = {}): TitleCard {
  return {
    slug: 'cinaralti-sirlari',
    kind: 'dizi',
    name: 'Çınaraltı Sırları',
    originalName: 'Secrets Under the Plane Tree',
    year: 2024,
    imdb: 7.8,
    posterUrl: '/media/posters/cinaralti-sirlari.svg',
    adult: false,
    ...overrides,
  };
}

export function buildTitleDetail(overrides: Partial<TitleDetail> = {}): TitleDetail {
  return {
    ...buildTitleCard(),
    description: 'Bir kasabada çınarın altında saklanan sırlar.',
    genres: [
      { slug: 'dram', name: 'Dram' },
      { slug: 'gizem', name: 'Gizem' },
    ],
    channel: { slug: 'kanal-7', name: 'Kanal 7' },
    releaseAt: null,
    backdropUrl: null,
    trailers: [],
    seasons: [
      {
        number: 1,
        name: null,
        episodes: [
          { id: 1, number: 1, name: 'Dönüş', airAt: '2024-09-12T17:00:00.000Z', durationSeconds: 2700 },
          { id: 2, number: 2, name: 'Mektup', airAt: '2024-09-19T17:00:00.000Z', durationSeconds: 2640 },
        ],
      },
      {
        number: 2,
        name: null,
        episodes: [
          { id: 3, number: 1, name: 'Yeni Bahar', airAt: '2025-03-06T17:00:00.000Z', durationSeconds: 2760 },
        ],
      },
    ],
    ...overrides,
  };
}

/** The watch page of a series' first episode, with no sources and no ads. */
export function buildWatchData(overrides: Partial<WatchData> = {}): WatchData {
  const path = '/dizi/cinaralti-sirlari/1-sezon/1-bolum';
  return {
    title: { ...buildTitleCard(), path: '/dizi/cinaralti-sirlari' },
    episode: { id: 1, number: 1, name: 'Dönüş', airAt: '2024-09-12T17:00:00.000Z', durationSeconds: 2700 },
    season: { number: 1, name: null },
    path,
    previous: null,
    next: null,
    seasons: [{ number: 1, name: null, path }],
    episodes: [{ season: 1, number: 1, name: 'Dönüş', path }],
    sources: [],
    groups: [],
    ads: [],
    ...overrides,
  };
}
