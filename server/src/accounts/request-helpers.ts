import type { Request } from 'express';

/** An uploaded file of a multipart request, by field name. */
export function uploadedFile(request: Request, field: string): Express.Multer.File | undefined {
  const files = Array.isArray(request.files) ? request.files : [];
  return files.find((file) => file.fieldname === field);
}

/** The address this request reached the site at, for links in mail when PUBLIC_URL is not set. */
export function siteOrigin(request: Request): string {
  return `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}
