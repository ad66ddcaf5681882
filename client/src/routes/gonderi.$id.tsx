import { readFlowPostId } from '@seyirlik/shared-contracts';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { PostPage } from '../features/flow/PostPage';

/** A post's own page (`flowPostLink`), of the public flow or of a group; an id that is not a post id is not a page. */
export const Route = createFileRoute('/gonderi/$id')({
  params: {
    parse: ({ id }) => {
      const postId = readFlowPostId(id);
      if (postId === null) throw notFound();
      return { id: postId };
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: PostRoute,
});

function PostRoute() {
  const { id } = Route.useParams();
  return <PostPage key={id} postId={id} />;
}
