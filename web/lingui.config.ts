import type { LinguiConfig } from '@lingui/conf';

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
  format: 'po',
  orderBy: 'messageId',
};

export default config;
