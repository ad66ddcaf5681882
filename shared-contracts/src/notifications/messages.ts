import { MESSAGES } from '../platform/messages';
import type { NotificationKind } from './rules';

/**
 * The notifications' Turkish texts: what a notification says (stored with it, so a member reads
 * what was true when it came), the server's answers and the words of the dropdown, the page and
 * the settings. The site speaks to the member as "siz".
 */
export const NOTIFICATION_MESSAGES = {
  commentReplied: (actor: string) => `${actor} yorumunuza yanıt verdi`,
  /** Likes on one comment, grouped: "Ayşe yorumunuzu beğendi", "Ayşe ve 12 kişi yorumunuzu beğendi". */
  commentLiked: (actor: string, others: number) => (others > 0 ? `${actor} ve ${others} kişi yorumunuzu beğendi` : `${actor} yorumunuzu beğendi`),
  messageSent: (actor: string, preview: string) => `${actor} size bir mesaj gönderdi: ${preview}`,
  roomInvited: (actor: string, roomTitle: string) => `${actor} sizi “${roomTitle}” odasına davet etti`,
  /** Reactions on one post, grouped: "Ayşe gönderinize tepki verdi", "Ayşe ve 4 kişi gönderinize tepki verdi". */
  flowReacted: (actor: string, others: number) => (others > 0 ? `${actor} ve ${others} kişi gönderinize tepki verdi` : `${actor} gönderinize tepki verdi`),
  /** Votes on one poll, grouped: "Ayşe anketinize oy verdi", "Ayşe ve 4 kişi anketinize oy verdi". */
  pollVoted: (actor: string, others: number) => (others > 0 ? `${actor} ve ${others} kişi anketinize oy verdi` : `${actor} anketinize oy verdi`),
  // Answers
  notificationNotFound: 'Bildirim bulunamadı.',
  idInvalid: 'Hangi bildirim olduğu belirtilmedi.',
  pageInvalid: 'Sayfa numarası geçersiz.',
  cursorInvalid: 'Bildirim sırası geçersiz.',
  mutesInvalid: 'Bildirim türü seçimi geçersiz.',
  mutesSaved: 'Bildirim ayarlarınız kaydedildi.',
  /** Seed §8: the end of a list. */
  noMore: MESSAGES.noMoreContent,
  // Screens
  heading: 'Bildirimler',
  openDropdown: 'Bildirimleri aç',
  unreadBadge: (count: number) => `${count} okunmamış bildirim`,
  empty: 'Henüz bildiriminiz yok.',
  seeAll: 'Tüm bildirimler',
  loadMore: 'Daha fazla bildirim yükle',
  markAllRead: 'Tümünü okundu işaretle',
  unread: 'Okunmadı',
  live: 'Canlı',
  polling: 'Bağlantı koptu, bildirimler 5 saniyede bir yenileniyor',
  settingsHeading: 'Bildirim ayarları',
  settingsHint: 'İşaretini kaldırdığınız türlerde bildirim almazsınız.',
  save: 'Kaydet',
} as const;

/** How the settings name each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'comment.reply': 'Yorumlarıma gelen yanıtlar',
  'comment.like': 'Yorumlarıma gelen beğeniler',
  message: 'Özel mesajlar',
  'room.invite': 'Birlikte izleme odası davetleri',
  'episode.new': 'Takip ettiğim yapımların yeni bölümleri',
  'title.aired': '“Haber ver” dediğim yapımların yayına girmesi',
  'flow.reaction': 'Gönderilerime gelen tepkiler',
  'poll.vote': 'Anketlerime verilen oylar',
  badge: 'Kazandığım rozetler',
  'request.added': 'İstediğim yapımların siteye eklenmesi',
};
