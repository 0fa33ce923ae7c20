import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * `npm run lint` runs scripts/check-docs.mjs: the docs may not point at files that are gone, leave a
 * module out of ARCHITECTURE.md, or hold a decision record without a status. Run here on a small
 * made-up repository (exit code and message, as lint sees them) and on the real one.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const checker = path.join(repoRoot, 'scripts/check-docs.mjs');
const runChecker = (root: string) => spawnSync(process.execPath, [checker, root], { encoding: 'utf8' });

let tree: string | undefined;
afterEach(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
  tree = undefined;
});

function write(root: string, file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** A repository with two modules, one decision and a guide; `broken` makes each of them drift. */
function makeRepository(broken: boolean) {
  const root = mkdtempSync(path.join(tmpdir(), 'vastra-docs-'));
  mkdirSync(path.join(root, 'server/src/modules/cart'), { recursive: true });
  mkdirSync(path.join(root, 'server/src/modules/orders'), { recursive: true });
  write(root, 'docs/guide.md', '# Guide\n');
  write(
    root,
    'README.md',
    broken
      ? 'See [the guide](docs/guide.md) and [the old guide](docs/gone.md#setup), `server/src/gone.ts`.\n'
      : 'See [the guide](docs/guide.md#setup), [the site](https://example.com), [top](#top), `web/dist/index.html`.\n',
  );
  write(
    root,
    'ARCHITECTURE.md',
    `# Architecture\n\n## Modules\n\n| module | owns |\n| --- | --- |\n| \`cart\` | the cart |\n${
      broken ? '' : '| `orders` | orders |\n'
    }\n## Next\n\n\`orders\` is named here, outside the list.\n`,
  );
  write(
    root,
    'docs/decisions/001-a-choice.md',
    `# 001 — A choice\n\n${broken ? '' : 'Status: Accepted\n\n'}## Context\n\n[back](../guide.md)\n`,
  );
  write(
    root,
    'docs/decisions/002-a-later-choice.md',
    `# 002 — A later choice\n\nStatus: ${broken ? 'Superseded' : 'Superseded by [003](003-the-latest.md)'}\n`,
  );
  write(root, 'docs/decisions/003-the-latest.md', '# 003 — The latest\n\nStatus: Proposed\n');
  return root;
}

describe('scripts/check-docs.mjs (part of npm run lint)', () => {
  it('fails on a link to a missing file, a module left out of ARCHITECTURE.md, a decision without a status and one superseded by nothing named', () => {
    tree = makeRepository(true);
    const run = runChecker(tree);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Docs out of date (5)');
    expect(run.stderr).toContain('README.md:1: link to docs/gone.md#setup: no such file');
    expect(run.stderr).toContain('README.md:1: names server/src/gone.ts: no such file');
    expect(run.stderr).toContain(
      'ARCHITECTURE.md: module orders (server/src/modules/orders/) is missing from "## Modules"',
    );
    expect(run.stderr).toContain('docs/decisions/001-a-choice.md: no status line near the top');
    expect(run.stderr).toContain('docs/decisions/002-a-later-choice.md: no status line near the top');
  });

  it('passes once the same repository is put right', () => {
    tree = makeRepository(false);
    const run = runChecker(tree);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('fails on a listed module whose folder is gone and on a link leaving the repository', () => {
    tree = makeRepository(false);
    rmSync(path.join(tree, 'server/src/modules/orders'), { recursive: true });
    write(tree, 'docs/guide.md', '# Guide\n\n[elsewhere](../../etc/passwd)\n');
    const run = runChecker(tree);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('"## Modules" lists orders, but server/src/modules/orders/ does not exist');
    expect(run.stderr).toContain('docs/guide.md:3: link to ../../etc/passwd: points outside the repository');
  });

  it('passes on this repository', () => {
    const run = runChecker(repoRoot);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
