import type { CollectionCard, CollectionTitle, CollectionView } from '@seyirlik/shared-contracts';
import { buildTitleCard } from '../../../test/builders';

/** A catalog title (a series) as a collection holds it, with its id. */
export function buildCollectionTitle(id: number, name: string, overrides: Partial<CollectionTitle> = {}): CollectionTitle {
  const slug = `dizi-${id}`;
  return { ...buildTitleCard({ slug, name, posterUrl: `/media/posters/${slug}.svg` }), id, ...overrides };
}

/** A collection in a list, owned by member 1 ("Zeynep Kara"). */
export function buildCollectionCard(id: number, name: string, overrides: Partial<CollectionCard> = {}): CollectionCard {
  return {
    id,
    link: `/koleksiyon/${id}`,
    name,
    description: '',
    owner: { id: 1, username: 'zeynep', profileName: 'Zeynep Kara', avatarUrl: null },
    itemCount: 2,
    followerCount: 0,
    posters: ['/media/posters/dizi-1.svg', '/media/posters/dizi-2.svg'],
    createdAt: '2026-10-01T09:00:00.000Z',
    ...overrides,
  };
}

/** Collection 9 ("Hafta sonu") of member 1 with three titles, seen by someone else; `overrides` make it the viewer's. */
export function buildCollectionView(overrides: Partial<CollectionView> = {}): CollectionView {
  const items = overrides.items ?? [buildCollectionTitle(3, 'Üçüncü Dizi'), buildCollectionTitle(1, 'Birinci Dizi'), buildCollectionTitle(2, 'İkinci Dizi')];
  return {
    ...buildCollectionCard(9, 'Hafta sonu', { itemCount: items.length, posters: items.map((item) => item.posterUrl) }),
    description: 'Hafta sonu izlenecekler.',
    items,
    updatedAt: '2026-10-02T09:00:00.000Z',
    mine: false,
    following: false,
    ...overrides,
  };
}
