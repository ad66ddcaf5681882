import type { HttpRequest } from '../platform/http/http-types';
import type { PhotoFile } from './flow-photos';

/** The photos of a multipart request, in the order sent, from any of `fields`. */
export function uploadedPhotos(request: HttpRequest, fields: readonly string[]): PhotoFile[] {
  const files = request.files ?? [];
  return files.filter((file) => fields.includes(file.fieldname));
}
