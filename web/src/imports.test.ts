import { describe, expect, it } from 'vitest';

/** Every source file of the web app, as text. */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `import … from 'x'` and `export … from 'x'` statements, with the module named. */
function imports(text: string) {
  return [...text.matchAll(/^(import|export)\s+([\s\S]*?)\s+from\s+'([^']+)';/gm)].map((m) => ({
    statement: m[0],
    typeOnly: /^(import|export) type\b/.test(m[0]),
    from: m[3] ?? '',
  }));
}

describe('the web app’s imports', () => {
  it('are read from every source file', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });

  it('never reach into the server (web → contracts ← server)', () => {
    for (const [file, text] of Object.entries(sources)) {
      for (const i of imports(text)) {
        // Our server's code (a path climbing into server/, or its package); react-dom/server is not it.
        expect(i.from, `${file}: ${i.statement}`).not.toMatch(/^(\.\.\/)+server(\/|$)|^@vastra\/server/);
      }
    }
  });

  it('take only types from the zod entry of contracts; values come from its constants entry', () => {
    for (const [file, text] of Object.entries(sources)) {
      for (const i of imports(text).filter((i) => i.from === '@vastra/contracts')) {
        expect(i.typeOnly, `${file}: ${i.statement}`).toBe(true);
      }
    }
  });
});
