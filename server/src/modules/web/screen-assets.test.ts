import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const tags = screenAssets(root)!.listing;
    expect(tags).toContain('<style>:root{--brand:#23395d}</style>');
    expect(tags).toContain('<style>.product-grid{display:grid}');
    // A stylesheet cannot end the <style> element early.
    expect(tags).not.toContain('content:"</style>"');
    expect(tags.match(/<\/style>/g)).toHaveLength(2);
    // Linked too, never applied: the chunk loader sees it and does not hold hydration for it.
    expect(tags).toContain(
      '<link rel="stylesheet" media="not all" crossorigin href="/assets/catalog-2.css">',
    );
    expect(tags).not.toMatch(/<link rel="stylesheet" crossorigin/);
    // The screen's chunks preload behind the photo and the page.
    for (const js of ['ListingPage-3.js', 'ProductCard-4.js', 'index-1.js']) {
      expect(tags).toContain(
        `<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/${js}">`,
      );
    }
  });

  it('replace the template’s stylesheet link and lower its scripts on server-rendered pages only', () => {
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
    const rendered = template.page(head, 'http://shop.test', '<p>x</p>', [], 'en', '<style>a{}</style>');
    expect(rendered).not.toContain('<link rel="stylesheet" crossorigin');
    expect(rendered).toContain('<style>a{}</style>');
    // Its scripts come after the photo: the server's HTML is readable without them.
    expect(rendered).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">',
    );
    expect(rendered).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-5.js">',
    );
    const plain = template.page(head, 'http://shop.test', '', [], 'en');
    expect(plain).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(plain).toContain('<script type="module" crossorigin src="/assets/index-1.js">');
  });
});
