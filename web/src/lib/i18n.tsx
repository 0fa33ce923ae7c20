import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { I18nProvider, LinguiContext } from '@lingui/react';
import { cloneElement, createElement, type ReactElement, type ReactNode, useContext, useEffect } from 'react';

/**
 * English and Hindi (ADR 018). Messages are Lingui messages whose id is the English text in ICU
 * form ('{count} items', '{n, plural, one {# piece} other {# pieces}}'), so English needs no
 * catalogue: the runtime falls back to the id. Hindi lives in src/locales/hi.po, compiled by the
 * Lingui Vite plugin and loaded only when a shopper picks हिन्दी.
 *
 * Nothing here touches window, document or localStorage at module load: the server renders with
 * `createI18n(locale, await loadCatalog(locale))` per request.
 */
export type Locale = 'en' | 'hi';
export const LOCALES: readonly Locale[] = ['en', 'hi'];
export const DEFAULT_LOCALE: Locale = 'en';
/** Cookie the browser sends so the server renders the chosen language (values 'en' | 'hi'). */
export const LOCALE_COOKIE = 'lang';
const STORAGE_KEY = 'lang';
/** The Intl locale behind each language: numbers, prices and dates. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };
/** Each language's name in itself, for the switch. */
export const LOCALE_NAME: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

export function parseLocale(value: unknown): Locale | undefined {
  return value === 'en' || value === 'hi' ? value : undefined;
}

/** The `lang` cookie of a Cookie header (or document.cookie). */
export function localeFromCookie(cookie: string | null | undefined): Locale | undefined {
  const m = /(?:^|;\s*)lang=([^;]*)/.exec(cookie ?? '');
  return parseLocale(m?.[1]);
}

const catalogs: Partial<Record<Locale, Messages>> = { en: {} };

/** The compiled catalogue of a language (Hindi is its own chunk, fetched once). */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  if (!catalogs[locale] && locale === 'hi') {
    catalogs.hi = (await import('../locales/hi.po')).messages;
  }
  return catalogs[locale] ?? {};
}

/** A Lingui instance for one language; the server makes one per request. */
export function createI18n(locale: Locale, messages: Messages = catalogs[locale] ?? {}): I18n {
  const i18n = setupI18n({ locale, locales: [INTL_LOCALE[locale]], messages: { [locale]: messages } });
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

/** English, used where no provider is mounted (unit tests render screens bare). */
let english: I18n | undefined;

/** The current language's i18n: `const i18n = useI18n(); i18n._('Add to Cart')`. */
export function useI18n(): I18n {
  const ctx = useContext(LinguiContext);
  if (ctx) return ctx.i18n;
  english ??= createI18n('en');
  return english;
}

export function localeOf(i18n: I18n): Locale {
  return parseLocale(i18n.locale) ?? DEFAULT_LOCALE;
}

function Translated({ id }: { id: string }) {
  return useI18n()._(id);
}

/**
 * A message translated when it renders, for code outside components (toasts from plain functions,
 * an error's message): English ids from the catalogue are translated, anything else shows as given.
 */
export function tr(id: string): ReactNode {
  return createElement(Translated, { id });
}

/** Provider for the app: keeps <html lang> in step with the language. */
export function LocaleProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <HtmlLang />
      {children}
    </I18nProvider>
  );
}

function HtmlLang() {
  const i18n = useI18n();
  const locale = localeOf(i18n);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  return null;
}

/** The language the browser asked for last: the cookie, else localStorage, else English. */
export function browserLocale(): Locale {
  if (typeof document === 'undefined') return DEFAULT_LOCALE;
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    // storage blocked: the cookie alone decides
  }
  return localeFromCookie(document.cookie) ?? parseLocale(stored) ?? DEFAULT_LOCALE;
}

/** Remembers a language (cookie for the server, localStorage as a spare) and switches to it. */
export async function switchLocale(i18n: I18n, locale: Locale): Promise<void> {
  const messages = await loadCatalog(locale);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and Safari
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // the cookie is enough
  }
  i18n.loadAndActivate({ locale, locales: [INTL_LOCALE[locale]], messages });
}

/**
 * A small ICU compiler for messages without a catalogue entry (English, and any Hindi gap):
 * text, `{name}`, and `{name, plural|select, key {…} …}` with `#`, into Lingui's compiled form.
 * An apostrophe is literal text (the catalogue compiler handles ICU quoting for Hindi).
 */
type Token = string | [string] | [string, string, Record<string, Token[]>];
export function compileMessage(message: string): Token[] {
  if (!message.includes('{')) return [message];
  try {
    return compileIcu(message);
  } catch {
    return [message];
  }
}

function compileIcu(message: string): Token[] {
  let i = 0;
  const parse = (inPlural: boolean): Token[] => {
    const out: Token[] = [];
    let text = '';
    const flush = () => {
      if (text) out.push(text);
      text = '';
    };
    while (i < message.length) {
      const c = message[i];
      if (c === '}') break;
      if (c === '#' && inPlural) {
        flush();
        out.push('#');
        i++;
      } else if (c === '{') {
        flush();
        i++;
        const close = message.slice(i).search(/[,}]/);
        if (close < 0) throw new Error('unclosed argument');
        const name = message.slice(i, i + close).trim();
        i += close;
        if (message[i] === '}') {
          out.push([name]);
          i++;
          continue;
        }
        i++;
        const comma = message.indexOf(',', i);
        if (comma < 0) throw new Error('argument without a type');
        const type = message.slice(i, comma).trim();
        i = comma + 1;
        const cases: Record<string, Token[]> = {};
        for (;;) {
          while (/\s/.test(message[i] ?? '')) i++;
          if (message[i] === '}' || i >= message.length) break;
          const open = message.indexOf('{', i);
          if (open < 0) throw new Error('case without a message');
          const key = message.slice(i, open).trim();
          i = open + 1;
          cases[key.startsWith('=') ? key.slice(1) : key] = parse(type === 'plural');
          i++; // the case's '}'
        }
        i++; // the argument's '}'
        out.push([name, type, cases]);
      } else {
        text += c;
        i++;
      }
    }
    flush();
    return out;
  };
  return parse(false);
}

/**
 * A translated sentence with elements inside: `rich(i18n._('Read the <0>policy</0>'), [<Link …/>])`
 * puts each numbered tag's text into a copy of that element.
 */
export function rich(message: string, elements: ReactElement[]): ReactNode[] {
  const parts: ReactNode[] = [];
  const re = /<(\d+)>(.*?)<\/\1>/g;
  let last = 0;
  for (let m = re.exec(message); m; m = re.exec(message)) {
    if (m.index > last) parts.push(message.slice(last, m.index));
    const el = elements[Number(m[1])];
    parts.push(el ? cloneElement(el, { key: m.index }, m[2]) : m[2]);
    last = m.index + m[0].length;
  }
  if (last < message.length) parts.push(message.slice(last));
  return parts;
}
