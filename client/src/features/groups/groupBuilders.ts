import type { GroupCard, GroupMember, GroupView } from '@seyirlik/shared-contracts';

/** An open group (id 5, "Kitap Kulübü") owned by member 1, seen by a visitor; `overrides` make it the viewer's or closed. */
export function buildGroupView(overrides: Partial<GroupView> = {}): GroupView {
  return {
    id: 5,
    slug: 'kitap-kulubu',
    link: '/grup/kitap-kulubu',
    name: 'Kitap Kulübü',
    tagline: 'Her ay bir roman',
    posterUrl: null,
    coverUrl: null,
    visibility: 'open',
    memberCount: 12,
    member: false,
    description: 'Uyarlanan romanları okuyup dizileriyle karşılaştırıyoruz.',
    website: 'https://kitapkulubu.example/',
    socials: { fb: null, tw: 'kitapkulubu', ig: null, th: null, yt: null, dc: null },
    private: false,
    privacy: false,
    owner: { id: 1, username: 'zeynep', profileName: 'Zeynep Kara', avatarUrl: null },
    createdAt: '2026-10-01T09:00:00.000Z',
    postCount: 3,
    role: null,
    canRead: true,
    canJoin: false,
    ...overrides,
  };
}

export function buildGroupCard(id: number, name: string, overrides: Partial<GroupCard> = {}): GroupCard {
  const slug = `grup-${id}`;
  return { id, slug, link: `/grup/${slug}`, name, tagline: `${name} sloganı`, posterUrl: null, coverUrl: null, visibility: 'open', memberCount: 3, member: false, ...overrides };
}

export function buildGroupMember(id: number, username: string, role: GroupMember['role'] = 'member'): GroupMember {
  return { id, username, profileName: username.toLocaleUpperCase('tr-TR'), avatarUrl: null, role, joinedAt: '2026-10-02T09:00:00.000Z' };
}
