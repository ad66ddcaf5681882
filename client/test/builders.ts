import type { MyAccount, PublicProfile, SessionUser } from '@seyirlik/shared-contracts';

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
