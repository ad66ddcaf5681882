/**
 * The group of live counts pushed on a post's channel (CoalescedCounts): the reactions' part, the
 * polls' part, and the one `post.countsChanged` push per window that carries both, which this
 * feature delivers.
 */
export const POST_COUNTS_GROUP = 'post';
