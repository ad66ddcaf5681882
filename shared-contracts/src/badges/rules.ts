import { profilePath } from '../messages/rules';

/**
 * The badges a member earns by taking part. Each is awarded once, from a durable domain event of
 * the activity it rewards (see the server's badge sources): `threshold` is how many of that
 * activity it takes, counted when the event arrives (1: the event itself is enough).
 */
export const BADGE_IDS = [
  'first-comment',
  'ten-comments',
  'first-reply-received',
  'first-like-received',
  'ten-likes-received',
  'first-message',
  'first-room',
  'hundred-episodes',
  'first-post',
  'first-group',
  'first-collection',
] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

/** What a badge is, as a member reads it. */
export interface BadgeRule {
  /** The badge's name, in Turkish. */
  name: string;
  /** What earned it, in Turkish, speaking to the member as "siz". */
  description: string;
  /** An emoji shown as the badge's icon. */
  icon: string;
  /** How many of its activity it takes. */
  threshold: number;
}

export const BADGE_RULES: Record<BadgeId, BadgeRule> = {
  'first-comment': { name: 'İlk Yorum', description: 'İlk yorumunuzu yazdınız.', icon: '💬', threshold: 1 },
  'ten-comments': { name: 'Sohbet Ustası', description: '10 yorum ve yanıt yazdınız.', icon: '🗨️', threshold: 10 },
  'first-reply-received': { name: 'İlk Yanıt', description: 'Yorumunuza ilk kez bir üye yanıt verdi.', icon: '↩️', threshold: 1 },
  'first-like-received': { name: 'İlk Beğeni', description: 'Yorumunuz ilk kez beğenildi.', icon: '👍', threshold: 1 },
  'ten-likes-received': { name: 'Sevilen Yorumcu', description: 'Yorumlarınız toplam 10 beğeni aldı.', icon: '🌟', threshold: 10 },
  'first-message': { name: 'İlk Mesaj', description: 'İlk özel mesajınızı gönderdiniz.', icon: '✉️', threshold: 1 },
  'first-room': { name: 'Birlikte İzleyelim', description: 'İlk kez üyeleri bir birlikte izleme odasına davet ettiniz.', icon: '🍿', threshold: 1 },
  'hundred-episodes': { name: 'Dizi Kurdu', description: '100 bölümü izlendi olarak işaretlediniz.', icon: '📺', threshold: 100 },
  'first-post': { name: 'Akışa Hoş Geldiniz', description: 'Akışta ilk gönderinizi paylaştınız.', icon: '📝', threshold: 1 },
  'first-group': { name: 'Topluluk Kurucusu', description: 'İlk grubunuzu kurdunuz.', icon: '👥', threshold: 1 },
  'first-collection': { name: 'İlk Koleksiyon', description: 'İlk koleksiyonunuzu oluşturdunuz.', icon: '🎞️', threshold: 1 },
};

/** Limits of the badges list, the same for the server and the client. */
export const BADGE_LIST_RULES = {
  /** Badges per page of the profile's list, `GET /api/users/:username/badges` and `/user/badges/load`. */
  pageSize: 6,
  /** Highest page number a list accepts. */
  maxPage: 1_000,
} as const;

/** The profile tab that lists a member's badges. */
export const BADGES_TAB = 'rozetler';

/** The member's badges on their profile: where an award's notification leads. */
export const badgesPath = (username: string) => `${profilePath(username)}#${BADGES_TAB}`;
