import type { Request } from 'express';
import type { GroupImageFiles } from './groups.service';

/** The cover and poster files of a multipart request (`cover`, `poster`: the seed's and our client's field names); the first of each. */
export function uploadedGroupImages(request: Request): GroupImageFiles {
  const files = Array.isArray(request.files) ? request.files : [];
  return {
    cover: files.find((file) => file.fieldname === 'cover') ?? null,
    poster: files.find((file) => file.fieldname === 'poster') ?? null,
  };
}
