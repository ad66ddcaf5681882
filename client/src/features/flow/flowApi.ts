import type { FlowPage, FlowPostReply } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';

/** A page (from 1) of the public flow, or of the viewer's own posts (`mine`), newest first. */
export function fetchFlowPage(page: number, mine: boolean): Promise<FlowPage> {
  return api.get<FlowPage>(`/api/flow?page=${page}${mine ? '&me=1' : ''}`);
}

function photoForm(text: string, photos: readonly File[]): FormData {
  const form = new FormData();
  form.append('text', text);
  photos.forEach((photo) => form.append('photos', photo, photo.name));
  return form;
}

/** Posts a text with photos; a retry with the same `clientKey` answers the post already stored. */
export function createFlowPost(text: string, photos: readonly File[], clientKey: string): Promise<FlowPostReply> {
  const form = photoForm(text, photos);
  form.append('clientKey', clientKey);
  return api.form<FlowPostReply>('POST', '/api/flow/posts', form);
}

/** Posts a poll: its question and answers (empty answers left out), with its send key. */
export function createFlowPoll(question: string, answers: readonly string[], clientKey: string): Promise<FlowPostReply> {
  const form = new FormData();
  form.append('kind', 'poll');
  form.append('clientKey', clientKey);
  form.append('question', question);
  form.append('answers', JSON.stringify(answers.filter((answer) => answer.trim() !== '').map((value) => ({ value }))));
  return api.form<FlowPostReply>('POST', '/api/flow/posts', form);
}

/** Saves a post's new text and adds photos to it. */
export function editFlowPost(id: number, text: string, photos: readonly File[]): Promise<FlowPostReply> {
  return api.form<FlowPostReply>('PATCH', `/api/flow/posts/${id}`, photoForm(text, photos));
}

export function deleteFlowPost(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/flow/posts/${id}`);
}

/** Removes one photo from a post; answers the post without it. */
export function deleteFlowImage(imageId: number): Promise<FlowPostReply> {
  return api.delete<FlowPostReply>(`/api/flow/images/${imageId}`);
}
