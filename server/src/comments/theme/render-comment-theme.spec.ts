import type { CommentView } from '@seyirlik/shared-contracts';
import { renderComment, renderCommentThreads } from './render-comment-theme';

function buildView(overrides: Partial<CommentView> = {}): CommentView {
  return {
    id: 12,
    parentId: null,
    titleId: 3,
    discussionId: null,
    episode: null,
    author: { id: 5, username: 'ayse', profileName: 'Ayşe <b>K</b>', avatarUrl: null },
    text: '<script>alert("x")</script> :joy: :bilinmeyen: & son',
    spoiler: false,
    likeCount: 4,
    likesVersion: 4,
    liked: false,
    deleted: false,
    createdAt: '2025-05-19T10:00:00.000Z',
    ...overrides,
  };
}

describe('comment theme', () => {
  it('escapes every text a member wrote and shows known short codes as emoji', () => {
    const sut = renderComment(buildView());

    expect(sut).not.toContain('<script>');
    expect(sut).not.toContain('<b>');
    expect(sut).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; 😂 :bilinmeyen: &amp; son');
    expect(sut).toContain('Ayşe &lt;b&gt;K&lt;/b&gt;');
    expect(sut).toContain('id="yorum-12"');
    expect(sut).toContain('<span class="comment__like-count">4</span>');
    expect(sut).toContain('19 May 2025 13:00');
  });

  it('veils a spoiler behind its button and offers no reply button on a reply', () => {
    const sut = renderComment(buildView({ spoiler: true, parentId: 9 }));

    expect(sut).toContain('comment__body--spoiler');
    expect(sut).toContain('Bu yorum spoiler içeriyor. Görmek için tıklayın.');
    expect(sut).not.toContain('data-action="reply"');
  });

  it('shows a deleted thread head as "Silinmiş yorum" above its replies', () => {
    const sut = renderCommentThreads([
      { ...buildView({ deleted: true, author: null, text: '' }), replies: [buildView({ id: 13, parentId: 12, text: 'yanıt', author: { id: 6, username: 'mehmet', profileName: 'Mehmet', avatarUrl: null } })] },
    ]);

    expect(sut).toContain('<p class="comment__deleted">Silinmiş yorum</p>');
    expect(sut).toContain('yanıt');
    expect(sut).not.toContain('ayse');
  });
});
