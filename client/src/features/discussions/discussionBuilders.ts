import type { DiscussionCard, DiscussionList, DiscussionView } from '@seyirlik/shared-contracts';

/** A topic (id 9) in "Diziler" about a series, by member 1, seen by a visitor. */
export function buildDiscussionView(overrides: Partial<DiscussionView> = {}): DiscussionView {
  return {
    id: 9,
    link: '/tartismalar/9',
    title: 'Final bölümü nasıldı?',
    category: 'diziler',
    series: { id: 3, kind: 'dizi', slug: 'cinaralti-sirlari', name: 'Çınaraltı Sırları', link: '/dizi/cinaralti-sirlari' },
    author: { id: 1, username: 'zeynep', profileName: 'Zeynep Kara', avatarUrl: null },
    replyCount: 4,
    lastActivityAt: '2026-11-01T09:00:00.000Z',
    createdAt: '2026-10-30T09:00:00.000Z',
    text: 'Bence harikaydı.',
    editedAt: null,
    mine: false,
    ...overrides,
  };
}

export function buildDiscussionCard(id: number, title: string, overrides: Partial<DiscussionCard> = {}): DiscussionCard {
  const { text: _text, editedAt: _editedAt, mine: _mine, ...card } = buildDiscussionView({ id, link: `/tartismalar/${id}`, title });
  return { ...card, ...overrides };
}

export const discussionList = (discussions: DiscussionCard[], page = 1, hasMore = false): DiscussionList => ({
  discussions,
  page,
  total: discussions.length,
  hasMore,
});
