import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_BOOT_SCRIPT } from '../../lib/page-boot.ts';
import type { Head } from './head.ts';
import { screenAssets } from './screen-assets.ts';
import { PageTemplate } from './storefront.ts';

let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'vastra-assets-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  const files: Record<string, string> = {
    'assets/index-1.css': ':root{--brand:#23395d}',
    'assets/catalog-2.css': '.product-grid{display:grid}a::after{content:"</style>"}',
    'assets/index-1.js': '',
    'assets/ListingPage-3.js': '',
    'assets/ProductCard-4.js': '',
  };
  for (const [f, text] of Object.entries(files)) writeFileSync(path.join(root, f), text);
  const manifest = {
    'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
    'src/features/catalog/ListingPage.tsx': {
      file: 'assets/ListingPage-3.js',
      css: ['assets/catalog-2.css'],
      imports: ['index.html', '_ProductCard.js'],
    },
    '_ProductCard.js': { file: 'assets/ProductCard-4.js' },
  };
  writeFileSync(path.join(root, '.vite', 'manifest.json'), JSON.stringify(manifest));
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a server-rendered screen’s assets', () => {
  it('inline the app’s and the screen’s stylesheets, so the first paint waits for no request', () => {
    const assets = screenAssets(root)!.listing;
    expect(assets.inline).toContain('<style>:root{--brand:#23395d}</style>');
    expect(assets.inline).toContain('<style>.product-grid{display:grid}');
    // A stylesheet cannot end the <style> element early.
    expect(assets.inline).not.toContain('content:"</style>"');
    expect(assets.inline.match(/<\/style>/g)).toHaveLength(2);
    // Linked too once the app starts, never applied: the chunk loader sees it and does not hold
    // hydration for it.
    expect(assets.css).toContain('/assets/catalog-2.css');
    // The screen's chunks, preloaded as the app starts.
    expect(assets.js.sort()).toEqual(
      ['/assets/ListingPage-3.js', '/assets/ProductCard-4.js', '/assets/index-1.js'].sort(),
    );
  });

  it('leave the app’s scripts to the boot script on server-rendered pages only', () => {
    const template = PageTemplate.of(
      '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">' +
        '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor-5.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-1.css"><title>Vastra</title></head>' +
        '<body><div id="root"></div></body></html>',
    )!;
    const head: Head = {
      title: 'All Products · Vastra',
      description: 'Clothes',
      canonical: '/allProducts',
      ogType: 'website',
      jsonLd: [],
    };
    const rendered = template.page(head, 'http://shop.test', '<p>x</p>', [], 'en', {
      inline: '<style>a{}</style>',
      css: ['/assets/catalog-2.css'],
      js: ['/assets/ListingPage-3.js', '/assets/index-1.js'],
    });
    expect(rendered).toContain('<style>a{}</style>');
    // No request of the app's competes with the photo: no stylesheet link, script or preload.
    expect(rendered).not.toContain('<link rel="stylesheet"');
    expect(rendered).not.toContain('<script type="module"');
    expect(rendered).not.toContain('<link rel="modulepreload"');
    // The boot script (allowed by its hash) names the entry, the chunks and the stylesheets.
    const boot = /<script data-src="([^"]*)" data-preload="([^"]*)" data-css="([^"]*)">(.*?)<\/script>/s.exec(
      rendered,
    );
    expect(boot?.slice(1, 4)).toEqual([
      '/assets/index-1.js',
      '/assets/vendor-5.js /assets/ListingPage-3.js',
      '/assets/catalog-2.css',
    ]);
    expect(boot?.[4]).toBe(PAGE_BOOT_SCRIPT);
    const plain = template.page(head, 'http://shop.test', '', [], 'en');
    expect(plain).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(plain).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
    expect(plain).not.toContain(PAGE_BOOT_SCRIPT);
  });
});
