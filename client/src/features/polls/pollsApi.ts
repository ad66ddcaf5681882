import type { PollView, PollVoteReply } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

export const fetchPoll = (postId: number): Promise<PollView> => api.get<PollView>(`/api/flow/posts/${postId}/poll`);

export const votePoll = (postId: number, optionId: number): Promise<PollVoteReply> => api.post<PollVoteReply>(`/api/flow/posts/${postId}/poll/vote`, { optionId });
