import { COLLECTION_MESSAGES as M, type PublicProfile } from '@seyirlik/shared-contracts';
import { CollectionGrid } from './CollectionGrid';
import './collections.css';

/** The profile's "Koleksiyonlar" tab: the member's collections, newest first. */
export function MemberCollectionsPane({ profile }: { profile: PublicProfile }) {
  return <CollectionGrid sort="newest" owner={profile.username} empty={M.profileEmpty} />;
}
