import { FLOW_MESSAGES } from '../flow/messages';
import { legacyGroupUpdateSchema, legacySetGroupPostSchema } from './legacy';
import { GROUP_MESSAGES as M } from './messages';
import { GROUP_RULES, groupVisibility } from './rules';
import { groupFieldsSchema, groupImageRemovalsSchema, groupListQuerySchema, groupWebsiteSchema, memberSearchQuerySchema } from './schemas';

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;
const required = { groupName: 'Anime Kulübü', groupDesc: 'Açıklama' };

describe('group schemas', () => {
  it('reads the seed fields into a group, one-line name and tagline, description with its line breaks', () => {
    expect(
      groupFieldsSchema.parse({ ...required, groupName: '  Anime \n Kulübü ', groupDesc: ' Bir\r\nİki ', groupTagline: ' Her  gün ', private: '1', privacy: 'on', ig: '@anime.kulubu', tw: '' }),
    ).toEqual({
      name: 'Anime Kulübü',
      description: 'Bir\nİki',
      tagline: 'Her gün',
      website: null,
      private: true,
      privacy: true,
      socials: { fb: null, tw: null, ig: 'anime.kulubu', th: null, yt: null, dc: null },
    });
  });

  it('takes the seed flags as 1 or null and refuses anything else', () => {
    expect(groupFieldsSchema.parse({ ...required, private: null, privacy: 0 })).toMatchObject({ private: false, privacy: false });
    expect(groupFieldsSchema.parse({ ...required, private: 1, privacy: true })).toMatchObject({ private: true, privacy: true });
    expect(firstMessage(groupFieldsSchema.safeParse({ ...required, privacy: 'evet' }))).toBe(M.flagInvalid);
  });

  it('needs a name and a description (seed §5), counted as a person counts', () => {
    expect(firstMessage(groupFieldsSchema.safeParse({ groupDesc: 'Açıklama' }))).toBe(M.nameRequired);
    expect(firstMessage(groupFieldsSchema.safeParse({ groupName: 'Kulüp' }))).toBe(M.descriptionRequired);
    expect(firstMessage(groupFieldsSchema.safeParse({ ...required, groupName: '😀😀' }))).toBe(M.nameTooShort);
    expect(groupFieldsSchema.safeParse({ ...required, groupName: '😀'.repeat(GROUP_RULES.nameMaxLength) }).success).toBe(true);
    expect(firstMessage(groupFieldsSchema.safeParse({ ...required, groupName: 'a'.repeat(100_000) }))).toBe(M.nameTooLong);
  });

  it('keeps only http and https websites, taking one typed without a scheme as https', () => {
    expect(groupWebsiteSchema.parse('ornek.com')).toBe('https://ornek.com/');
    expect(groupWebsiteSchema.parse(' http://ornek.com.tr/a?b=1 ')).toBe('http://ornek.com.tr/a?b=1');
    expect(groupWebsiteSchema.parse('')).toBeNull();
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://ornek.com', 'https://user:pw@ornek.com', 'https://localhost', 'boşluk var.com']) {
      expect([bad, firstMessage(groupWebsiteSchema.safeParse(bad))]).toEqual([bad, M.websiteInvalid]);
    }
  });

  it('refuses social names that are not plain usernames', () => {
    for (const bad of ['a b', 'https://x.com/ad', 'ad/yol', 'a'.repeat(GROUP_RULES.socialMaxLength + 1)]) {
      expect(firstMessage(groupFieldsSchema.safeParse({ ...required, yt: bad }))).toBe(M.socialInvalid);
    }
  });

  it('reads the legacy update and group post with their ids', () => {
    expect(legacyGroupUpdateSchema.parse({ groupId: '7', ...required })).toMatchObject({ groupId: 7, name: 'Anime Kulübü' });
    expect(firstMessage(legacyGroupUpdateSchema.safeParse({ ...required }))).toBe(M.groupIdInvalid);
    expect(firstMessage(legacyGroupUpdateSchema.safeParse({ groupId: 7, groupDesc: 'x' }))).toBe(M.nameRequired);
    expect(legacySetGroupPostSchema.parse({ group_id: '3', message: 'Merhaba' })).toEqual({ groupId: 3, draft: { kind: 'post', text: 'Merhaba', clientKey: undefined } });
    expect(firstMessage(legacySetGroupPostSchema.safeParse({ group_id: '3', message: ' ' }))).toBe(FLOW_MESSAGES.textRequired);
  });

  it('reads the list query, the member search and the image removals', () => {
    expect(groupListQuerySchema.parse({})).toEqual({ page: 1, q: '', mine: false });
    expect(groupListQuerySchema.parse({ page: '2', q: ' Şahmaran ', mine: '1' })).toEqual({ page: 2, q: 'Şahmaran', mine: true });
    expect(firstMessage(memberSearchQuerySchema.safeParse(' a '))).toBe(M.queryTooShort);
    expect(memberSearchQuerySchema.parse(' ay ')).toBe('ay');
    expect(groupImageRemovalsSchema.parse({ removeCover: '1' })).toEqual({ cover: true, poster: false });
  });

  it('names the visibility the flags give: hidden wins over closed', () => {
    expect(groupVisibility({ private: false, privacy: false })).toBe('open');
    expect(groupVisibility({ private: false, privacy: true })).toBe('closed');
    expect(groupVisibility({ private: true, privacy: false })).toBe('hidden');
    expect(groupVisibility({ private: true, privacy: true })).toBe('hidden');
  });
});
