import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * English is the source language: message ids are the English text, so only Hindi has a
 * catalogue (ADR 018). `npm run i18n -w web` extracts every message and fails on a missing
 * Hindi translation.
 */
const config: LinguiConfig = {
  locales: ['en', 'hi'],
  sourceLocale: 'en',
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.ts', '**/*.test.tsx', '**/test-*.ts'],
    },
  ],
  // No file:line origins: the catalogue changes only when a message does.
  format: formatter({ origins: false }),
  orderBy: 'messageId',
};

export default config;
