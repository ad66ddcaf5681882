import type { ReactionKind, ReactionReply, ReactionSummary } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

export const fetchReactions = (postId: number): Promise<ReactionSummary> => api.get<ReactionSummary>(`/api/flow/posts/${postId}/reactions`);

export const setReaction = (postId: number, kind: ReactionKind): Promise<ReactionReply> => api.put<ReactionReply>(`/api/flow/posts/${postId}/reaction`, { kind });

export const removeReaction = (postId: number): Promise<ReactionReply> => api.delete<ReactionReply>(`/api/flow/posts/${postId}/reaction`);
