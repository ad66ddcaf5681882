// What a first visit downloads before the app can start: the scripts, module preloads and
// stylesheets client/dist/index.html names, measured gzipped (level 9, close to what a CDN or
// reverse proxy would send).
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
// An absolute URL (https:, data:, //cdn…) is not part of our bundle.
const EXTERNAL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function attributesOf(text) {
  const attributes = {};
  for (const [, name, double, single, bare] of text.matchAll(ATTRIBUTE)) {
    attributes[name.toLowerCase()] = double ?? single ?? bare ?? '';
  }
  return attributes;
}

/** The assets index.html makes the browser fetch at once: [{ kind: 'js' | 'css', url }]. */
export function initialAssets(html) {
  const assets = [];
  for (const [, tag, attributeText] of html.matchAll(TAG)) {
    const attributes = attributesOf(attributeText);
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    let asset = null;
    if (tag.toLowerCase() === 'script' && attributes.src) asset = { kind: 'js', url: attributes.src };
    else if (tag.toLowerCase() === 'link' && rel.includes('modulepreload') && attributes.href) asset = { kind: 'js', url: attributes.href };
    else if (tag.toLowerCase() === 'link' && rel.includes('stylesheet') && attributes.href) asset = { kind: 'css', url: attributes.href };
    if (asset && !EXTERNAL.test(asset.url) && !assets.some((known) => known.url === asset.url)) assets.push(asset);
  }
  return assets;
}

/** Maps an asset URL ("/assets/x.js?v=1") to its file in dist, refusing paths that leave dist. */
function fileFor(distDir, url) {
  const path = decodeURIComponent(url.split(/[?#]/, 1)[0]).replace(/^\/+/, '');
  const file = normalize(join(distDir, path));
  const inside = relative(distDir, file);
  if (inside.startsWith('..') || inside.startsWith(sep)) throw new Error(`asset ${url} is outside ${distDir}`);
  return file;
}

/**
 * Measures the initial bundle of a built client. Returns { assets: [{ kind, url, rawBytes,
 * gzipBytes }], js: { rawBytes, gzipBytes }, css: { rawBytes, gzipBytes } }; throws when the
 * client is not built or an asset is missing.
 */
export function measureInitialBundle(distDir) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} not found: build the client first (npm run build)`);
  const assets = initialAssets(readFileSync(indexFile, 'utf8')).map(({ kind, url }) => {
    const file = fileFor(distDir, url);
    if (!existsSync(file)) throw new Error(`index.html loads ${url} but ${file} does not exist`);
    const content = readFileSync(file);
    return { kind, url, rawBytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  const total = (kind) =>
    assets
      .filter((asset) => asset.kind === kind)
      .reduce((sum, asset) => ({ rawBytes: sum.rawBytes + asset.rawBytes, gzipBytes: sum.gzipBytes + asset.gzipBytes }), {
        rawBytes: 0,
        gzipBytes: 0,
      });
  return { assets, js: total('js'), css: total('css') };
}
