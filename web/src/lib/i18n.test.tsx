import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LanguageSwitch } from '../components/LanguageSwitch.tsx';
import { documentTitle, pageOf } from '../components/useRouteTitle.ts';
import { signIn, signOut } from './auth.ts';
import { formatDay, formatRupees } from './format.ts';
import {
  compileMessage,
  createI18n,
  LocaleProvider,
  loadCatalog,
  localeFromCookie,
  useI18n,
} from './i18n.tsx';
import { sizeRange, variantLabel } from './variant-label.ts';

describe('i18n', () => {
  it('speaks English from the message ids, placeholders and plurals included', () => {
    const en = createI18n('en');
    expect(en._('Add to Cart')).toBe('Add to Cart');
    expect(en._('Cart, {pieces} items', { pieces: 2 })).toBe('Cart, 2 items');
    expect(en._('{count, plural, one {# product} other {# products}}', { count: 1 })).toBe('1 product');
    expect(en._('{count, plural, one {# product} other {# products}}', { count: 12 })).toBe('12 products');
    expect(en._("Kid's")).toBe("Kid's");
    // A server message with a stray brace shows as sent.
    expect(compileMessage('bad {input')).toEqual(['bad {input']);
  });

  it('loads the Hindi catalogue, every message compiled, and translates with values', async () => {
    const messages = await loadCatalog('hi');
    const hi = createI18n('hi', messages);
    expect(Object.keys(messages).length).toBeGreaterThan(800);
    expect(hi._('Add to Cart')).toBe('कार्ट में डालें');
    expect(hi._('Cart, {pieces} items', { pieces: 3 })).toBe('कार्ट, 3 आइटम');
    expect(hi._('Only {stock} left', { stock: 2 })).toBe('केवल 2 बचे हैं');
    expect(hi._('{count, plural, one {# product} other {# products}}', { count: 5 })).toBe('5 उत्पाद');
    for (const [id, message] of Object.entries(messages)) {
      const text = hi._(id, {
        action: 'x',
        count: 1,
        n: 1,
        name: 'x',
        pieces: 1,
        stock: 1,
        tax: 'x',
        years: 'x',
      });
      expect(text, id).toMatch(/\S/);
      expect(typeof message === 'string' || Array.isArray(message), id).toBe(true);
    }
  });

  it('says a card’s sizes and a line’s size and colour in the shopper’s language', async () => {
    const hi = createI18n('hi', await loadCatalog('hi'));
    const en = createI18n('en');
    expect(sizeRange(['S', 'M', 'XL'], en)).toBe('Sizes S–XL');
    expect(sizeRange(['S', 'M', 'XL'], hi)).toBe('साइज़ S–XL');
    expect(sizeRange(['M'], hi)).toBe('साइज़ M');
    expect(variantLabel('M', 'Blue', en)).toBe('Size: M · Colour: Blue');
    // The seller's colour stays as written.
    expect(variantLabel('M', 'Blue', hi)).toBe('साइज़: M · रंग: Blue');
  });

  it('titles a listing past its first page with the page, in the shopper’s language', async () => {
    const hi = createI18n('hi', await loadCatalog('hi'));
    expect(documentTitle(hi, 'All Products', pageOf('?sort=new&page=2'))).toBe('सभी उत्पाद · पृष्ठ 2 · Vastra');
    expect(documentTitle(createI18n('en'), 'All Products', pageOf('?page=3'))).toBe(
      'All Products · Page 3 · Vastra',
    );
    expect(documentTitle(hi, 'All Products', pageOf('?page=x'))).toBe('सभी उत्पाद · Vastra');
    expect(pageOf('?page=-2')).toBe(1);
  });

  it('formats prices and days per locale, English as SPEC gives it', () => {
    expect(formatRupees(129900.5)).toBe('Rs. 1,29,900.50');
    expect(formatRupees(1299, 'hi')).toBe('₹1,299.00');
    expect(formatDay('2026-11-23T10:00:00Z')).toBe('23 Nov 2026');
    expect(formatDay('2026-11-23T10:00:00Z', 'hi')).toBe('23 नव॰ 2026');
  });

  it('reads the lang cookie', () => {
    expect(localeFromCookie('a=1; lang=hi; b=2')).toBe('hi');
    expect(localeFromCookie('lang=fr')).toBeUndefined();
    expect(localeFromCookie(undefined)).toBeUndefined();
  });

  it('switches to Hindi, remembers it in the lang cookie and sets <html lang>', async () => {
    const i18n = createI18n('en');
    function Shown() {
      return <p>{useI18n()._('Add to Cart')}</p>;
    }
    render(
      <LocaleProvider i18n={i18n}>
        <Shown />
        <LanguageSwitch />
      </LocaleProvider>,
    );
    expect(screen.getByText('Add to Cart')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByText('कार्ट में डालें')).toBeInTheDocument();
    expect(document.cookie).toContain('lang=hi');
    expect(localStorage.getItem('lang')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByText('Add to Cart')).toBeInTheDocument();
    expect(document.cookie).toContain('lang=en');
  });

  it('saves a signed-in seller’s choice on their account, for their e-mails', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, locale: 'hi' })));
    vi.stubGlobal('fetch', fetch);
    signIn('seller', 'seller-token', 'Kiran Das');
    try {
      render(
        <LocaleProvider i18n={createI18n('en')}>
          <LanguageSwitch />
        </LocaleProvider>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
      await screen.findByRole('button', { name: 'English' });
      expect(fetch).toHaveBeenCalledWith(
        '/api/seller/locale',
        expect.objectContaining({ method: 'PUT', body: JSON.stringify({ locale: 'hi' }) }),
      );
    } finally {
      signOut('seller');
      vi.unstubAllGlobals();
    }
  });
});
