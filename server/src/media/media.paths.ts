/** Address of a stored image; the extension tells browsers and caches what it is. */
export function mediaUrl(id: string): string {
  return `/media/${id}.webp`;
}
