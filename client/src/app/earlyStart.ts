/**
 * A visit's first page starts before the app's code has arrived. On a phone the app's scripts take
 * about a second to come and a few hundred milliseconds to run; meanwhile index.html, through this
 * module inlined by the build (client/scripts/early-start.ts), already reads the page's data from
 * the API and fetches the code that draws it. Once the app runs, the route's loader asks
 * lib/api.ts for the same reads, which takes the answers already on their way instead of asking
 * again.
 *
 * Only the pages visits most often start on (home, title, watch) are listed. The module imports
 * nothing: the build inlines it as it is.
 */

/** A page a visit often starts on. */
interface EarlyPage {
  /** Its file in src/routes; the build finds the scripts and stylesheets that draw it by this name. */
  routeFile: string;
  /** Its addresses; the captured parts (still percent-encoded) are the route's parameters, in order. */
  pattern: RegExp;
  /** The API paths its route's loader reads for those parameters, written as the loader writes them. */
  reads: (parameters: readonly string[]) => string[];
  /**
   * The URL of the page's largest image (what a visitor's eye lands on first), as the page writes
   * it, read from the answer to the first read: preloaded as soon as that answer arrives, so the
   * image is on its way before the app's scripts have run and found it.
   */
  heroImage: (answer: unknown) => unknown;
  /**
   * The box of the page's largest image, which the shell's hero placeholder takes at once
   * (index.html, `[data-boot-hero=…]`) and shows the image in as soon as it has arrived, before the
   * app has drawn the page: the home slider's box (`slide`), the band a title's backdrop takes at
   * the top of its hero (`backdrop`), the player's 16:9 box with the first ad's cover (`player`).
   */
  heroInShell: ShellHeroShape;
}

/** The shapes the shell's hero placeholder can take (index.html). */
export type ShellHeroShape = 'slide' | 'backdrop' | 'player';

/** What index.html starts for an address: the page's route file and its reads. */
export interface EarlyStart {
  routeFile: string;
  reads: string[];
}

/** Scripts and stylesheets drawing each early page (site-absolute URLs), by route file; the build writes it. */
export type EarlyModules = Readonly<Record<string, readonly string[]>>;

/** As lib/api.ts asks for a read: same origin, the session cookie along, JSON. */
const READ_INIT: RequestInit = { credentials: 'same-origin', headers: { Accept: 'application/json' } };

/** A route parameter as the loader puts it in an API path: decoded by the router, then encoded again. */
const parameter = (raw: string) => encodeURIComponent(decodeURIComponent(raw));

/** `value[key]` when `value` is an object; undefined otherwise (the answers are read without their types). */
const field = (value: unknown, key: string | number): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string | number, unknown>)[key] : undefined;

/** features/home/FeaturedSlider.tsx: the first slide's backdrop. */
const homeHero = (home: unknown) => field(field(field(home, 'featured'), 0), 'backdropUrl');
/** features/catalog/TitlePage.tsx: the backdrop, or the drawn one (drawnBackdropUrl in shared-contracts; a test holds them equal). */
const titleHero = (title: unknown) => {
  const slug = field(title, 'slug');
  return field(title, 'backdropUrl') ?? (typeof slug === 'string' ? `/media/backdrops/${slug}.svg` : undefined);
};
/** features/watch/AdLayer.tsx: the first pre-roll ad's cover over the player, written as its style writes it. */
const watchHero = (watch: unknown) => {
  const image = field(field(field(watch, 'ads'), 0), 'image');
  return typeof image === 'string' ? encodeURI(image) : undefined;
};

/** The loaders of the title and watch routes, one route file per kind. */
const SERIES_KINDS = ['dizi', 'anime'] as const;
const TITLE_KINDS = [...SERIES_KINDS, 'film'] as const;

const EARLY_PAGES: readonly EarlyPage[] = [
  // features/home/homeRoute.ts: the home rows and the newest titles (NEW_TITLES_COUNT).
  { routeFile: 'index.tsx', pattern: /^\/$/, reads: () => ['/api/home', '/api/titles?limit=12'], heroImage: homeHero, heroInShell: 'slide' },
  // features/catalog/catalogApi.ts loadTitle.
  ...TITLE_KINDS.map((kind) => ({
    routeFile: `${kind}.$slug.tsx`,
    pattern: new RegExp(`^/${kind}/([^/]+)$`),
    reads: ([slug = '']: readonly string[]) => [`/api/titles/${kind}/${parameter(slug)}`],
    heroImage: titleHero,
    heroInShell: 'backdrop' as const,
  })),
  // features/watch/watchApi.ts loadWatch.
  ...SERIES_KINDS.map((kind) => ({
    routeFile: `${kind}.$slug_.{$season}-sezon.{$episode}-bolum.tsx`,
    pattern: new RegExp(`^/${kind}/([^/]+)/([^/]+)-sezon/([^/]+)-bolum$`),
    reads: ([slug = '', season = '', episode = '']: readonly string[]) => [
      `/api/watch/${kind}/${parameter(slug)}/${parameter(season)}/${parameter(episode)}`,
    ],
    heroImage: watchHero,
    heroInShell: 'player' as const,
  })),
  {
    routeFile: 'film.$slug_.izle.tsx',
    pattern: /^\/film\/([^/]+)\/izle$/,
    reads: ([slug = '']) => [`/api/watch/film/${parameter(slug)}/1/1`],
    heroImage: watchHero,
    heroInShell: 'player',
  },
];

/** The route files of the early pages, for the build. */
export const EARLY_ROUTE_FILES: readonly string[] = EARLY_PAGES.map((page) => page.routeFile);

/** The early page at `pathname` with what to start, or null when it is not one (or not a valid address). */
function earlyPageAt(pathname: string): { page: EarlyPage; start: EarlyStart } | null {
  for (const page of EARLY_PAGES) {
    const match = page.pattern.exec(pathname);
    if (!match) continue;
    try {
      return { page, start: { routeFile: page.routeFile, reads: page.reads(match.slice(1)) } };
    } catch {
      // A malformed percent-encoding: the app answers that address as it does today.
      return null;
    }
  }
  return null;
}

/** What to start for `pathname`, or null when it is not an early page (or not a valid address). */
export function earlyStartFor(pathname: string): EarlyStart | null {
  return earlyPageAt(pathname)?.start ?? null;
}

/** The shell's hero placeholder (index.html), while the shell stands. */
const shellHero = (): HTMLElement | null => document.querySelector<HTMLElement>('[data-boot-shell] .boot-hero');

/**
 * The shell's hero placeholder takes the page's hero box (`shape`), shining until the image is
 * shown in it: set on <html>, since this runs in <head>, before the shell is parsed.
 */
function shapeShellHero(shape: ShellHeroShape): void {
  document.documentElement.setAttribute('data-boot-hero', shape);
}

/** The title page shows its backdrop dimmed over the hero's dark ground (features/catalog/title-page.css); so does the shell. */
const DIMMED = 'linear-gradient(rgba(11, 12, 18, 0.55), rgba(11, 12, 18, 0.55))';

/**
 * Shows the image at `href` in the shell's hero placeholder (over its own background until it has
 * arrived); nothing when the app has drawn the page by then.
 */
function showInShellHero(href: string, shape: ShellHeroShape): void {
  const hero = shellHero();
  if (!hero) return;
  // `href` is written as the page writes it (already encoded where the page encodes it): only
  // escaped for the CSS string.
  const image = `url("${href.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}")`;
  hero.style.backgroundImage = shape === 'backdrop' ? `${DIMMED}, ${image}` : image;
  hero.classList.remove('boot-shine');
}

/** The largest image of the early page at `pathname`, read from its first read's `answer`; null when there is none. */
export function heroImageFor(pathname: string, answer: unknown): string | null {
  const url = earlyPageAt(pathname)?.page.heroImage(answer);
  return typeof url === 'string' && url !== '' ? url : null;
}

declare global {
  interface Window {
    /** The early reads not yet taken, by API path (index.html fills it, lib/api.ts empties it). */
    seyirlikEarlyReads?: Map<string, Promise<Response>>;
  }
}

/** A link asking for `href` ahead, as the app's own preloads do (Vite's: crossorigin, a module or a stylesheet). */
function preloadLink(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.setAttribute('as', 'style');
  } else {
    link.rel = 'modulepreload';
  }
  link.crossOrigin = '';
  link.href = href;
  return link;
}

/** Asks for the image at `href` ahead, first among the page's images. */
function preloadImage(href: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.setAttribute('fetchpriority', 'high');
  link.href = href;
  document.head.append(link);
}

/**
 * Run by index.html as it is parsed: for an early page, starts its reads and, once the first read
 * has answered, preloads the page's largest image (shown in the shell too: see `heroInShell`) and
 * then the scripts and stylesheets of its route (`modules`, from the build). Over HTTP/1.1 a
 * browser opens six connections to a site; the app's own scripts hold most of them, and the
 * route's dozen small files asked for first would keep the image waiting behind them. The route's
 * code is needed only once its data has come, so it loses nothing by being asked for then.
 */
export function startEarly(modules: EarlyModules): void {
  const pathname = window.location.pathname;
  const early = earlyPageAt(pathname);
  if (!early) return;
  const { page, start } = early;
  shapeShellHero(page.heroInShell);
  const reads = new Map<string, Promise<Response>>();
  for (const path of start.reads) {
    const read = fetch(path, READ_INIT);
    // A failure is the loader's to report, when it takes the read.
    read.catch(() => undefined);
    reads.set(path, read);
  }
  window.seyirlikEarlyReads = reads;
  const preloadRoute = () => {
    // Added to <head> at once: one change of the document instead of one per file.
    const links = document.createDocumentFragment();
    for (const href of modules[start.routeFile] ?? []) links.append(preloadLink(href));
    document.head.append(links);
  };
  // A copy of the answer is read here (this runs before the loader can take the answer's body).
  reads
    .get(start.reads[0]!)
    ?.then((response) => (response.status === 200 ? response.clone().text() : null))
    .then((text) => {
      const hero = text === null ? null : heroImageFor(pathname, JSON.parse(text));
      if (!hero) return;
      preloadImage(hero);
      showInShellHero(hero, page.heroInShell);
    })
    .catch(() => undefined)
    .finally(preloadRoute);
}

/** The answer to a GET of `path` that index.html started, once; undefined when there is none. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const reads = window.seyirlikEarlyReads;
  const read = reads?.get(path);
  reads?.delete(path);
  return read;
}

/** Forgets the early reads nobody took: they were the first page's, and later visits read afresh. */
export function dropEarlyReads(): void {
  delete window.seyirlikEarlyReads;
}
