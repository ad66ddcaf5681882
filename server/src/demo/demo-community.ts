import type { ReactionKind, TitleKind } from '@seyirlik/shared-contracts';

/**
 * The embedded demo's community: who its members are and what they wrote, watched and made. Only
 * the demo login's password is known (README, "Demo"); the others get random ones.
 */

/** The one member a newcomer can log in as (README, "Demo"). */
export const DEMO_LOGIN = { username: 'demo', password: 'seyirlik-demo' } as const;

export interface DemoMember {
  username: string;
  profileName: string;
  about: string;
}

export const DEMO_MEMBERS: readonly DemoMember[] = [
  { username: DEMO_LOGIN.username, profileName: 'Deniz Aydın', about: 'Polisiye ve bilim kurgu hayranı. Cuma akşamları birlikte izleme odasındayım.' },
  { username: 'elifkaya', profileName: 'Elif Kaya', about: 'Anime, çay ve uzun sohbetler.' },
  { username: 'mertcan', profileName: 'Mert Can', about: 'Her dizinin ilk bölümüne bir şans veririm.' },
  { username: 'zeynep.ak', profileName: 'Zeynep Ak', about: 'Film kulübü üyesi, vapur sefası sever.' },
  { username: 'burak_t', profileName: 'Burak Toprak', about: 'Aksiyon ve gerilim, bol patlamış mısır.' },
  { username: 'selin.ay', profileName: 'Selin Ay', about: 'Spoiler vermem, söz !' },
];

/** An episode of the demo catalog, by its title's address and its numbers (a film: 1, 1). */
export interface DemoEpisode {
  kind: TitleKind;
  slug: string;
  season: number;
  episode: number;
}

export interface DemoReply {
  author: string;
  text: string;
}

export interface DemoComment {
  author: string;
  text: string;
  spoiler?: boolean;
  /** Who liked it. */
  likedBy: readonly string[];
  replies: readonly DemoReply[];
}

/**
 * Comments by page: an episode's watch page, or a film's page (a film's comments are on the title).
 * None on the titles the browser tests need without comments.
 */
export const DEMO_COMMENTS: ReadonlyArray<{ on: DemoEpisode; comments: readonly DemoComment[] }> = [
  {
    on: { kind: 'dizi', slug: 'sahin-yuvasi-karakolu', season: 1, episode: 1 },
    comments: [
      {
        author: 'elifkaya',
        text: 'Karakolun ilk günü bu kadar mı karışık olur ? Komiser Şahin’in sabrına hayran kaldım.',
        likedBy: ['demo', 'mertcan', 'selin.ay'],
        replies: [
          { author: 'mertcan', text: 'Bence asıl kahraman çaycı Rıfat, her sahneyi o kurtarıyor.' },
          { author: 'demo', text: 'İkinci bölümde işler daha da karışıyor, bekleyin !' },
        ],
      },
      { author: 'burak_t', text: 'Kovalamaca sahnesi beklediğimden çok daha iyiydi.', likedBy: ['elifkaya'], replies: [] },
      { author: 'selin.ay', text: 'Sondaki telefonu arayan kişi bence müdürün ta kendisi.', spoiler: true, likedBy: ['zeynep.ak'], replies: [] },
    ],
  },
  {
    on: { kind: 'anime', slug: 'ejderha-bahcesinin-bekcisi', season: 1, episode: 1 },
    comments: [
      {
        author: 'zeynep.ak',
        text: 'Çizimler o kadar güzel ki her kareyi duvar kâğıdı yapasım geldi.',
        likedBy: ['elifkaya', 'demo'],
        replies: [{ author: 'elifkaya', text: 'Müzikleri de ayrı güzel, jeneriği her seferinde baştan izliyorum.' }],
      },
      { author: 'demo', text: 'Bekçinin ejderhayla ilk konuştuğu sahne çok içtendi.', likedBy: ['selin.ay'], replies: [] },
    ],
  },
  {
    on: { kind: 'dizi', slug: 'dokuz-kapili-konak', season: 1, episode: 1 },
    comments: [
      {
        author: 'mertcan',
        text: 'Konağın kapılarını saymaya çalıştım, dokuzdan fazla çıktı ?',
        likedBy: ['burak_t', 'demo'],
        replies: [{ author: 'selin.ay', text: 'Bodrumdakini de sayarsanız tam dokuz oluyor.' }],
      },
    ],
  },
  {
    on: { kind: 'film', slug: 'son-vapur-saat-beste', season: 1, episode: 1 },
    comments: [
      {
        author: 'zeynep.ak',
        text: 'Vapur sahneleri İstanbul’u özleyen herkes için ilaç gibi.',
        likedBy: ['demo', 'mertcan', 'elifkaya'],
        replies: [{ author: 'demo', text: 'Sondaki sessiz sahne aklımdan çıkmıyor.' }],
      },
    ],
  },
];

/** Episodes each member marked watched (the home page's "Popüler" counts them). */
export const DEMO_WATCHED: ReadonlyArray<{ member: string; episodes: readonly DemoEpisode[] }> = [
  { member: 'demo', episodes: [{ kind: 'dizi', slug: 'sahin-yuvasi-karakolu', season: 1, episode: 1 }, { kind: 'dizi', slug: 'sahin-yuvasi-karakolu', season: 1, episode: 2 }, { kind: 'anime', slug: 'ejderha-bahcesinin-bekcisi', season: 1, episode: 1 }, { kind: 'dizi', slug: 'dokuz-kapili-konak', season: 1, episode: 1 }] },
  { member: 'elifkaya', episodes: [{ kind: 'dizi', slug: 'sahin-yuvasi-karakolu', season: 1, episode: 1 }, { kind: 'anime', slug: 'ejderha-bahcesinin-bekcisi', season: 1, episode: 1 }] },
  { member: 'mertcan', episodes: [{ kind: 'dizi', slug: 'sahin-yuvasi-karakolu', season: 1, episode: 1 }, { kind: 'dizi', slug: 'dokuz-kapili-konak', season: 1, episode: 1 }] },
  { member: 'zeynep.ak', episodes: [{ kind: 'anime', slug: 'ejderha-bahcesinin-bekcisi', season: 1, episode: 1 }, { kind: 'film', slug: 'son-vapur-saat-beste', season: 1, episode: 1 }] },
  { member: 'burak_t', episodes: [{ kind: 'dizi', slug: 'sahin-yuvasi-karakolu', season: 1, episode: 1 }, { kind: 'dizi', slug: 'dokuz-kapili-konak', season: 1, episode: 1 }] },
  { member: 'selin.ay', episodes: [{ kind: 'dizi', slug: 'sahin-yuvasi-karakolu', season: 1, episode: 1 }, { kind: 'dizi', slug: 'dokuz-kapili-konak', season: 1, episode: 1 }] },
];

/** Where members left off: the demo login finds its "Kaldığın yerden devam et" row filled. */
export const DEMO_POSITIONS: ReadonlyArray<{ member: string; on: DemoEpisode; seconds: number }> = [
  { member: 'demo', on: { kind: 'dizi', slug: 'dokuz-kapili-konak', season: 1, episode: 2 }, seconds: 1260 },
  { member: 'demo', on: { kind: 'film', slug: 'son-vapur-saat-beste', season: 1, episode: 1 }, seconds: 2400 },
  { member: 'burak_t', on: { kind: 'dizi', slug: 'kirik-pusula', season: 1, episode: 1 }, seconds: 900 },
];

/** A watch-together room the demo login made, with its chat. */
export const DEMO_ROOM = {
  creator: DEMO_LOGIN.username,
  title: 'Cuma akşamı Şahin Yuvası',
  on: { kind: 'dizi', slug: 'sahin-yuvasi-karakolu', season: 1, episode: 2 } satisfies DemoEpisode,
  invited: ['elifkaya', 'mertcan', 'selin.ay'],
  chat: [
    { author: DEMO_LOGIN.username, text: 'Herkes hazır mı ? Saat dokuzda başlatıyorum.' },
    { author: 'elifkaya', text: 'Çayımı aldım, hazırım !' },
    { author: 'mertcan', text: 'Beş dakika gecikebilirim, beni beklemeyin.' },
    { author: 'selin.ay', text: 'Spoiler yok ama bu bölümün sonu çok iyi :)' },
  ],
} as const;

/** A private conversation with the demo login, in the order it was written. */
export const DEMO_CONVERSATION: ReadonlyArray<{ from: string; to: string; text: string }> = [
  { from: 'elifkaya', to: DEMO_LOGIN.username, text: 'Merhaba Deniz, Ejderha Bahçesinin Bekçisi’nin ikinci sezonuna başladınız mı ?' },
  { from: DEMO_LOGIN.username, to: 'elifkaya', text: 'Henüz değil, bu hafta sonu başlayacağım.' },
  { from: 'elifkaya', to: DEMO_LOGIN.username, text: 'Başlayınca haber verin, birlikte izleyelim !' },
];

export interface DemoPost {
  author: string;
  text: string;
  reactions: ReadonlyArray<{ member: string; kind: ReactionKind }>;
}

/** Posts on the public flow, oldest first. */
export const DEMO_POSTS: readonly DemoPost[] = [
  {
    author: 'mertcan',
    text: 'Bu hafta sonu için önerisi olan var mı ? Polisiye ya da gerilim olursa süper olur.',
    reactions: [{ member: 'elifkaya', kind: 'love' }, { member: DEMO_LOGIN.username, kind: 'like' }],
  },
  {
    author: 'zeynep.ak',
    text: 'Son Vapur Saat Beşte’yi ikinci kez izledim, ilk seferde kaçırdığım o kadar çok ayrıntı varmış ki.',
    reactions: [{ member: 'burak_t', kind: 'wow' }],
  },
];

/** A poll on the flow, and each voter's answer (by its position). */
export const DEMO_POLL = {
  author: 'selin.ay',
  question: 'Bu sezonun en iyi dizisi hangisi ?',
  answers: ['Şahin Yuvası Karakolu', 'Dokuz Kapılı Konak', 'Işıkçının Kızı'],
  votes: [
    { member: DEMO_LOGIN.username, answer: 0 },
    { member: 'elifkaya', answer: 0 },
    { member: 'mertcan', answer: 1 },
    { member: 'burak_t', answer: 0 },
    { member: 'zeynep.ak', answer: 2 },
  ],
} as const;

/** A forum topic about a series, and its replies. */
export const DEMO_TOPIC = {
  author: DEMO_LOGIN.username,
  series: { kind: 'dizi', slug: 'dokuz-kapili-konak' },
  title: 'Dokuz Kapılı Konak’ın finali hakkında teoriler',
  text: 'Sizce dokuzuncu kapının ardında ne var ? Teorilerinizi bekliyorum.',
  replies: [
    { author: 'elifkaya', text: 'Bence konağın eski sahibi hâlâ orada yaşıyor.', likedBy: [DEMO_LOGIN.username, 'mertcan'] },
    { author: 'burak_t', text: 'Kapılar aslında farklı yılları gösteriyor olabilir.', likedBy: ['selin.ay'] },
  ],
} as const;

/** A group, its members besides the owner, and a post in it. */
export const DEMO_GROUP = {
  owner: 'mertcan',
  name: 'Polisiye Sevenler',
  tagline: 'İpuçlarını birlikte çözüyoruz',
  description: 'Polisiye ve gerilim dizilerini birlikte izleyip konuşan bir topluluk. Spoiler içeren yorumlarınızı lütfen gizli olarak işaretleyin.',
  members: [DEMO_LOGIN.username, 'burak_t', 'selin.ay'],
  post: { author: 'burak_t', text: 'Şahin Yuvası Karakolu’nun yeni bölümünü izleyen var mı ? Bu akşam odada buluşalım.' },
} as const;
