/** Images asked for ahead already, by URL: each is asked for once per visit. */
const preloaded = new Set<string>();

/**
 * Asks for an image a page is about to show (a `<link rel="preload" as="image">`, urgent), so it
 * arrives with the page's data rather than after the page is drawn. `href` is written as the page
 * writes it (a CSS `url()` or an `<img src>`), so the drawn image is the one already on its way.
 */
export function preloadImage(href: string): void {
  if (preloaded.has(href)) return;
  preloaded.add(href);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  document.head.append(link);
}
