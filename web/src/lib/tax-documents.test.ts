import { describe, expect, it } from 'vitest';
import { fileNameOf } from './tax-documents.ts';

describe('the file name of a downloaded tax document', () => {
  it('is the one the server names in Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="INV-2627-000001.pdf"', 'x.pdf')).toBe('INV-2627-000001.pdf');
    expect(fileNameOf('attachment; filename=CN-2627-000002.pdf', 'x.pdf')).toBe('CN-2627-000002.pdf');
    expect(fileNameOf("attachment; filename*=UTF-8''INV%2F2627.pdf", 'x.pdf')).toBe('INV/2627.pdf');
  });

  it('falls back when the server names none', () => {
    expect(fileNameOf(null, 'invoice-1.pdf')).toBe('invoice-1.pdf');
    expect(fileNameOf('attachment', 'invoice-1.pdf')).toBe('invoice-1.pdf');
  });
});
