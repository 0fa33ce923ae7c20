import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The server-rendered screens and their source modules (web/src/router.tsx). */
export const SCREEN_MODULES = {
  landing: 'src/features/catalog/LandingPage.tsx',
  listing: 'src/features/catalog/ListingPage.tsx',
  product: 'src/features/catalog/ProductPage.tsx',
} as const;
export type Screen = keyof typeof SCREEN_MODULES;

/** Dynamic imports a screen starts as it loads (the landing's carousel), not ones behind a click. */
const STARTED_BY_SCREEN = /FeaturedCarousel/;

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** What a server-rendered screen needs in its head (paths from the site's root). */
export interface ScreenAssets {
  /** Its stylesheets and the app's, inlined as `<style>` elements. */
  inline: string;
  /** Its stylesheets, to be linked (never applied) once the app starts. */
  css: string[];
  /** Its chunks, to be preloaded as the app starts. */
  js: string[];
}

/**
 * What a server-rendered screen needs in its head, from the build's manifest
 * (web/dist/.vite/manifest.json):
 * - its stylesheets and the app's, inlined: the first paint waits for no stylesheet request (five
 *   round trips on a phone's network otherwise), and the page is never drawn unstyled. Each screen
 *   stylesheet is also linked, by the boot script (page-boot.ts), with `media="not all"` (fetched,
 *   never applied) so the app's chunk loader, which adds a chunk's stylesheets unless a link to
 *   them is in the page, does not hold hydration for them;
 * - its chunks, which the boot script preloads as it starts the app, so hydration does not wait for
 *   them one after the other. The code a screen starts loading by itself (the landing page's
 *   carousel) comes too.
 * The template's own stylesheet link is left out of these pages (PageTemplate).
 */
export function screenAssets(root: string): Record<Screen, ScreenAssets> | undefined {
  const file = path.join(root, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entryCss = manifest['index.html']?.css ?? [];
  const inline = (css: string) =>
    `<style>${readFileSync(path.join(root, css), 'utf8').replaceAll('</', '<\\/')}</style>`;
  const assetsOf = (entry: string): ScreenAssets => {
    const css = new Set<string>();
    const js = new Set<string>();
    const visit = (key: string, dynamic: boolean) => {
      const chunk = manifest[key];
      if (!chunk || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i, false);
      if (!dynamic) for (const d of chunk.dynamicImports ?? []) if (STARTED_BY_SCREEN.test(d)) visit(d, true);
    };
    visit(entry, false);
    return {
      inline: [...new Set([...entryCss, ...css])].map(inline).join('\n    '),
      css: [...css].map((c) => `/${c}`),
      js: [...js].map((j) => `/${j}`),
    };
  };
  return Object.fromEntries(
    Object.entries(SCREEN_MODULES).map(([screen, entry]) => [screen, assetsOf(entry)]),
  ) as Record<Screen, ScreenAssets>;
}
