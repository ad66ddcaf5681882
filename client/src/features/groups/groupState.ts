import type { GroupView } from '@seyirlik/shared-contracts';

/**
 * A pushed `group.changed` merged into the group as the viewer holds it: the push is the group as
 * a visitor sees it, so only its public fields are taken and the viewer's own place stays.
 */
export function mergeGroupChange(held: GroupView, pushed: GroupView): GroupView {
  return {
    ...held,
    name: pushed.name,
    tagline: pushed.tagline,
    description: pushed.description,
    website: pushed.website,
    socials: pushed.socials,
    posterUrl: pushed.posterUrl,
    coverUrl: pushed.coverUrl,
    visibility: pushed.visibility,
    private: pushed.private,
    privacy: pushed.privacy,
    memberCount: pushed.memberCount,
    postCount: pushed.postCount,
  };
}

/** The first letter of a group's name, capitalised the Turkish way, for a drawn poster. */
export function groupInitial(name: string): string {
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase('tr-TR') : '#';
}
