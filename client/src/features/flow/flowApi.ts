import type { FlowPage, FlowPost, FlowPostReply } from '@seyirlik/shared-contracts';
import { api } from '../../lib/api';
import { scopePagePath, scopePostPath, type FlowScope } from './flowScope';

/** A page (from 1) of the scope's posts, newest first. */
export function fetchFlowPage(scope: FlowScope, page: number): Promise<FlowPage> {
  return api.get<FlowPage>(scopePagePath(scope, page));
}

/** One post the viewer may read (of the public flow or of a group), for its own page. */
export function fetchFlowPost(id: number): Promise<FlowPost> {
  return api.get<FlowPost>(`/api/flow/posts/${id}`);
}

function photoForm(text: string, photos: readonly File[]): FormData {
  const form = new FormData();
  form.append('text', text);
  photos.forEach((photo) => form.append('photos', photo, photo.name));
  return form;
}

/** Posts a text with photos in the scope; a retry with the same `clientKey` answers the post already stored. */
export function createFlowPost(scope: FlowScope, text: string, photos: readonly File[], clientKey: string): Promise<FlowPostReply> {
  const form = photoForm(text, photos);
  form.append('clientKey', clientKey);
  return api.form<FlowPostReply>('POST', scopePostPath(scope), form);
}

/** Posts a poll in the scope: its question and answers (empty answers left out), with its send key. */
export function createFlowPoll(scope: FlowScope, question: string, answers: readonly string[], clientKey: string): Promise<FlowPostReply> {
  const form = new FormData();
  form.append('kind', 'poll');
  form.append('clientKey', clientKey);
  form.append('question', question);
  form.append('answers', JSON.stringify(answers.filter((answer) => answer.trim() !== '').map((value) => ({ value }))));
  return api.form<FlowPostReply>('POST', scopePostPath(scope), form);
}

/** Saves a post's new text and adds photos to it (a group's posts too). */
export function editFlowPost(id: number, text: string, photos: readonly File[]): Promise<FlowPostReply> {
  return api.form<FlowPostReply>('PATCH', `/api/flow/posts/${id}`, photoForm(text, photos));
}

/** Deletes a post: one's own, or any post of a group one owns. */
export function deleteFlowPost(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/api/flow/posts/${id}`);
}

/** Removes one photo from a post; answers the post without it. */
export function deleteFlowImage(imageId: number): Promise<FlowPostReply> {
  return api.delete<FlowPostReply>(`/api/flow/images/${imageId}`);
}
