import type { HttpRequest } from '../../platform/http/http-types';
import type { GroupImageFiles } from './groups.service';

/** The cover and poster files of a multipart request (`cover`, `poster`: the seed's and our client's field names); the first of each. */
export function uploadedGroupImages(request: HttpRequest): GroupImageFiles {
  const files = request.files ?? [];
  return {
    cover: files.find((file) => file.fieldname === 'cover') ?? null,
    poster: files.find((file) => file.fieldname === 'poster') ?? null,
  };
}
