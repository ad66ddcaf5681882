import { z } from 'zod';
import { boundedString, cleanTypedText, codePointLength, idSchema, rawLengthFor, wholeNumber } from '../platform/input';
import { GROUP_MESSAGES as M } from './messages';
import { GROUP_RULES as R, GROUP_SOCIALS, type GroupSocial } from './rules';

/** Anything a person would see: not only spaces, line breaks or zero-width characters. */
const VISIBLE = /[^\s\u200B-\u200D\u2060\uFEFF]/;
const lengthOf = codePointLength;
const blank = (value: unknown) => value === undefined || value === null || value === '';

/** A one-line text: runs of spaces and line breaks become one space. */
const oneLine = (value: string) => cleanTypedText(value).replace(/\s+/g, ' ');

/** The group's name: required, one line, GROUP_RULES.nameMinLength to nameMaxLength characters. */
export const groupNameSchema = boundedString(M.nameRequired, M.nameTooLong, rawLengthFor(R.nameMaxLength))
  .transform(oneLine)
  .refine((value) => VISIBLE.test(value), { error: M.nameRequired, abort: true })
  .refine((value) => lengthOf(value) >= R.nameMinLength, { error: M.nameTooShort, abort: true })
  .refine((value) => lengthOf(value) <= R.nameMaxLength, { error: M.nameTooLong });

/** The description: required, line breaks kept, stored as written and always shown escaped. */
export const groupDescriptionSchema = boundedString(M.descriptionRequired, M.descriptionTooLong, rawLengthFor(R.descriptionMaxLength))
  .transform(cleanTypedText)
  .refine((value) => VISIBLE.test(value), { error: M.descriptionRequired, abort: true })
  .refine((value) => lengthOf(value) <= R.descriptionMaxLength, { error: M.descriptionTooLong });

/** The tagline: optional (empty), one line. */
export const groupTaglineSchema = z.preprocess(
  (value) => (blank(value) ? '' : value),
  boundedString(M.taglineTooLong, M.taglineTooLong, rawLengthFor(R.taglineMaxLength))
    .transform(oneLine)
    .refine((value) => lengthOf(value) <= R.taglineMaxLength, { error: M.taglineTooLong }),
);

/**
 * The website: optional (null), an http or https address; one typed without a scheme
 * (`ornek.com`) is taken as https. Stored as the parsed address, so it is always a safe link.
 */
export const groupWebsiteSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : blank(value) ? null : value),
  boundedString(M.websiteInvalid, M.websiteInvalid, R.websiteMaxLength)
    .transform((value, context) => {
      const typed = value.trim();
      const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
      let url: URL;
      try {
        url = new URL(withScheme);
      } catch {
        context.addIssue({ code: 'custom', message: M.websiteInvalid });
        return z.NEVER;
      }
      if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) || url.username || url.password) {
        context.addIssue({ code: 'custom', message: M.websiteInvalid });
        return z.NEVER;
      }
      return url.href;
    })
    .nullable(),
);

const SOCIAL_NAME = /^[A-Za-z0-9._-]+$/;

/** A social account's username: optional (null); a leading @ is dropped. */
export const groupSocialSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : blank(value) ? null : value),
  boundedString(M.socialInvalid, M.socialInvalid, R.socialMaxLength + 8)
    .transform((value) => value.trim().replace(/^@/, ''))
    .refine((value) => value.length >= 1 && value.length <= R.socialMaxLength && SOCIAL_NAME.test(value), { error: M.socialInvalid })
    .nullable(),
);

/** A seed flag (§3: 1 or null): 1, "1", true, "true" or "on" (a checkbox) is set; missing, empty, 0, "0" or false is not. */
export const groupFlagSchema = z
  .preprocess(
    (value) => (blank(value) ? false : value),
    z.union([z.boolean(), z.literal(1), z.literal(0), z.enum(['1', '0', 'true', 'false', 'on', 'off'])], { error: M.flagInvalid }),
  )
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on');

export const groupIdSchema = idSchema(M.groupIdInvalid);
/** A member of a group by id (the owner's removal). */
export const groupMemberIdSchema = idSchema(M.usernameRequired);

/** What a group is as its create and edit forms send it (the seed's field names), cover and poster files beside. */
export const groupFieldsSchema = z
  .looseObject({
    groupName: groupNameSchema,
    groupDesc: groupDescriptionSchema,
    groupTagline: groupTaglineSchema,
    groupWebsite: groupWebsiteSchema,
    private: groupFlagSchema,
    privacy: groupFlagSchema,
    fb: groupSocialSchema,
    tw: groupSocialSchema,
    ig: groupSocialSchema,
    th: groupSocialSchema,
    yt: groupSocialSchema,
    dc: groupSocialSchema,
  })
  .transform(
    (input): GroupFields => ({
      name: input.groupName,
      description: input.groupDesc,
      tagline: input.groupTagline,
      website: input.groupWebsite,
      private: input.private,
      privacy: input.privacy,
      socials: Object.fromEntries(GROUP_SOCIALS.map((social) => [social, input[social]])) as Record<GroupSocial, string | null>,
    }),
  );

/** A group's fields as the server stores them. */
export interface GroupFields {
  name: string;
  description: string;
  tagline: string;
  website: string | null;
  private: boolean;
  privacy: boolean;
  socials: Record<GroupSocial, string | null>;
}

/** The multipart fields the cover and poster files come in. */
export const GROUP_IMAGE_FIELDS = { cover: ['cover'], poster: ['poster'] } as const;

/** A page number from 1; missing or empty is the first. */
export const groupPageSchema = z.preprocess((value) => (blank(value) ? 1 : value), wholeNumber(M.pageInvalid, { min: 1, max: R.maxPage }));

/** GET /api/groups?page=N&q=text&mine=1 */
export const groupListQuerySchema = z.looseObject({
  page: groupPageSchema,
  q: z.preprocess(
    (value) => (blank(value) ? '' : value),
    boundedString(M.searchTooLong, M.searchTooLong, rawLengthFor(R.searchMaxLength)).transform(oneLine).refine((value) => lengthOf(value) <= R.searchMaxLength, {
      error: M.searchTooLong,
    }),
  ),
  mine: groupFlagSchema,
});
export type GroupListQuery = z.output<typeof groupListQuerySchema>;

/** GET /api/groups/:id/members?page=N */
export const groupMembersQuerySchema = z.looseObject({ page: groupPageSchema });

/** The member search's text (§5): from GROUP_RULES.memberSearchMinLength characters. */
export const memberSearchQuerySchema = boundedString(M.queryTooShort, M.queryTooLong, rawLengthFor(R.memberSearchMaxLength))
  .transform(oneLine)
  .refine((value) => lengthOf(value) >= R.memberSearchMinLength, { error: M.queryTooShort, abort: true })
  .refine((value) => lengthOf(value) <= R.memberSearchMaxLength, { error: M.queryTooLong });

/** GET /api/groups/:id/member-search?q=text */
export const groupMemberSearchSchema = z.looseObject({ q: memberSearchQuerySchema });

/** POST /api/groups/:id/members: the member to add, by username. */
export const addGroupMemberSchema = z.looseObject({
  username: boundedString(M.usernameRequired, M.userNotFound, 200).transform((value) => value.trim()).refine((value) => value.length > 0, { error: M.usernameRequired }),
});

/** PATCH /api/groups/:id and `/group/update`: `removeCover` / `removePoster` set empty that image (a file sent for it wins). */
export const groupImageRemovalsSchema = z
  .looseObject({ removeCover: groupFlagSchema, removePoster: groupFlagSchema })
  .transform((input) => ({ cover: input.removeCover, poster: input.removePoster }));
