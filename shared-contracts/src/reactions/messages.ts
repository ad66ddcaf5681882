import type { ReactionKind } from './rules';

/** The reactions' Turkish texts: the server's answers and the words of the reaction control. */
export const REACTION_MESSAGES = {
  kindInvalid: 'Geçersiz tepki türü.',
  statusInvalid: 'Tepki durumu geçersiz.',
  postIdInvalid: 'Hangi gönderi olduğu belirtilmedi.',
  postNotFound: 'Gönderi bulunamadı.',
  reactionSet: 'Tepkiniz kaydedildi.',
  reactionRemoved: 'Tepkiniz kaldırıldı.',
  // Words on the reaction control
  react: 'Tepki ver',
  removeReaction: (name: string) => `${name} tepkinizi kaldırın`,
  chooseReaction: 'Tepki seçin',
  reactionCount: (name: string, count: number) => `${name}: ${count}`,
} as const;

/** How each reaction is named (the legacy answer's `name`, the control's labels). */
export const REACTION_NAMES: Record<ReactionKind, string> = {
  like: 'Beğen',
  love: 'Bayıldım',
  haha: 'Haha',
  wow: 'Şaşırdım',
  sad: 'Üzüldüm',
  angry: 'Kızdım',
};
