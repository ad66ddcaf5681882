import { COLLECTION_MESSAGES as M, type CollectionCard } from '@seyirlik/shared-contracts';
import { Link } from '@tanstack/react-router';

/** A collection in a list: its first posters in order, name, owner, title and follower counts, linking to its page. */
export function CollectionCardLink({ collection }: { collection: CollectionCard }) {
  return (
    <Link to="/koleksiyon/$id" params={{ id: String(collection.id) }} className="collection-card">
      <span className="collection-card__posters" aria-hidden="true">
        {collection.posters.map((poster, index) => (
          <img key={`${index}:${poster}`} src={poster} alt="" loading="lazy" width={120} height={180} />
        ))}
      </span>
      <span className="collection-card__body">
        <span className="collection-card__name">{collection.name}</span>
        <span className="collection-card__owner">{collection.owner.profileName}</span>
        <span className="collection-card__meta">
          <span>{M.itemCount(collection.itemCount)}</span>
          <span>{M.followerCount(collection.followerCount)}</span>
        </span>
      </span>
    </Link>
  );
}
