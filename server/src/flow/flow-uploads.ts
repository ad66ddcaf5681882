import type { Request } from 'express';
import type { PhotoFile } from './flow-photos';

/** The photos of a multipart request, in the order sent, from any of `fields`. */
export function uploadedPhotos(request: Request, fields: readonly string[]): PhotoFile[] {
  const files = Array.isArray(request.files) ? request.files : [];
  return files.filter((file) => fields.includes(file.fieldname));
}
