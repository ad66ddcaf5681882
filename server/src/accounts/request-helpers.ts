import type { HttpRequest, UploadedFile } from '../platform/http/http-types';

/** An uploaded file of a multipart request, by field name. */
export function uploadedFile(request: HttpRequest, field: string): UploadedFile | undefined {
  return (request.files ?? []).find((file) => file.fieldname === field);
}

/** The address this request reached the site at, for links in mail when PUBLIC_URL is not set. */
export function siteOrigin(request: HttpRequest): string {
  return `${request.protocol}://${request.headers.host ?? 'localhost'}`;
}
