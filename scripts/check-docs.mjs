#!/usr/bin/env node
// Fails when the docs have drifted from the code: a relative Markdown link to a file that is not
// there, a repository path in backticks (`server/src/app.ts`) that is not there, a module folder under server/src/modules/ that ARCHITECTURE.md's module list leaves out
// (or a listed module that is gone), or a decision record without a `Status:` line. Part of
// `npm run lint`. Usage: `node scripts/check-docs.mjs [repository root]` (a root is for its test,
// server/src/docs-lint.test.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const markdownRoots = ['README.md', 'ARCHITECTURE.md', 'docs', 'server', 'web', 'e2e', 'bench', 'contracts'];
const skippedFolders = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'data',
  'test-results',
  'playwright-report',
]);
// A path written in code style from the repository root, e.g. `server/src/app.ts:12` or `docs/deploy.md`.
const repoPathRe = /`((?:server|web|contracts|e2e|bench|docs|scripts)\/[^`\s<>*{}…$]+?)(?::\d+)?`/g;
// Outputs the docs may name but a fresh clone does not hold (builds, results; see .gitignore).
const generatedPrefixes = ['bench/results/', 'e2e/screenshots/'];
const isGenerated = (file) =>
  generatedPrefixes.some((prefix) => file.startsWith(prefix)) ||
  file.split('/').some((segment) => skippedFolders.has(segment));
const statusRe = /^Status: (Accepted\b|Proposed\b|Deprecated\b|Superseded by \[?(ADR )?\d{3})/;

function* markdownFiles(full) {
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    if (full.endsWith('.md')) yield full;
    return;
  }
  for (const name of readdirSync(full)) {
    if (!skippedFolders.has(name) && !name.startsWith('.')) yield* markdownFiles(path.join(full, name));
  }
}

/** Prose lines of a Markdown text (fenced code blocks left out), with their line numbers. */
function* proseLines(text) {
  let fenced = false;
  for (const [index, line] of text.split('\n').entries()) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced) yield { line, index };
  }
}

/** Link targets of a Markdown text, with their line numbers; code blocks and code spans are not links. */
function* linkTargets(text) {
  for (const { line, index } of proseLines(text)) {
    const prose = line.replace(/`[^`]*`/g, '');
    for (const [, target] of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      yield { target, line: index + 1 };
    }
    const reference = prose.match(/^\s*\[[^\]]+\]:\s*<?([^\s>]+)>?/);
    if (reference) yield { target: reference[1], line: index + 1 };
  }
}

/** Why `target`, linked from `file`, is broken, or undefined when it is fine. */
function brokenLink(root, file, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) return undefined; // http(s), mailto, anchors
  const filePart = decodeURI(target.replace(/[#?].*$/, ''));
  if (filePart === '') return undefined;
  const resolved = filePart.startsWith('/')
    ? path.join(root, filePart)
    : path.resolve(path.dirname(file), filePart);
  const inRepo = path.relative(root, resolved);
  if (inRepo.startsWith('..') || path.isAbsolute(inRepo)) {
    // The one place outside the repository the docs may point: the shared design notes beside it
    // (../shared/DESIGN.md). They are checked when that folder is present on this machine.
    const shared = path.join(path.dirname(root), 'shared');
    const inShared = path.relative(shared, resolved);
    if (inShared.startsWith('..') || path.isAbsolute(inShared)) return 'points outside the repository';
    if (!existsSync(shared)) return undefined;
  }
  return existsSync(resolved) ? undefined : 'no such file';
}

function checkLinks(root) {
  const problems = [];
  for (const start of markdownRoots) {
    for (const file of markdownFiles(path.join(root, start))) {
      const text = readFileSync(file, 'utf8');
      const where = path.relative(root, file);
      for (const { target, line } of linkTargets(text)) {
        const why = brokenLink(root, file, target);
        if (why) problems.push(`${where}:${line}: link to ${target}: ${why}`);
      }
      for (const { line, index } of proseLines(text)) {
        for (const [, named] of line.matchAll(repoPathRe)) {
          const target = named.replace(/#.*$/, '');
          if (isGenerated(target)) continue;
          if (!existsSync(path.join(root, target)))
            problems.push(`${where}:${index + 1}: names ${target}: no such file`);
        }
      }
    }
  }
  return problems;
}

/** The `## Modules` section of ARCHITECTURE.md must name every folder of server/src/modules/ in backticks. */
function checkModules(root) {
  const modulesDir = path.join(root, 'server/src/modules');
  if (!existsSync(modulesDir)) return [];
  const architecture = path.join(root, 'ARCHITECTURE.md');
  const text = existsSync(architecture) ? readFileSync(architecture, 'utf8') : '';
  const section = text.match(/^## Modules\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m)?.[1];
  if (section === undefined) return ['ARCHITECTURE.md: no "## Modules" section listing server/src/modules/'];
  const folders = readdirSync(modulesDir).filter((name) =>
    statSync(path.join(modulesDir, name)).isDirectory(),
  );
  const listed = new Set([...section.matchAll(/^\|\s*`([^`]+)`/gm)].map((m) => m[1]));
  return [
    ...folders
      .filter((name) => !section.includes(`\`${name}\``))
      .map(
        (name) =>
          `ARCHITECTURE.md: module ${name} (server/src/modules/${name}/) is missing from "## Modules"`,
      ),
    ...[...listed]
      .filter((name) => !folders.includes(name))
      .map(
        (name) =>
          `ARCHITECTURE.md: "## Modules" lists ${name}, but server/src/modules/${name}/ does not exist`,
      ),
  ];
}

/** A decision record says near its top whether it holds: `Status: Accepted`, `Proposed`, `Superseded by NNN`. */
function checkDecisionStatus(root) {
  const decisions = path.join(root, 'docs/decisions');
  if (!existsSync(decisions)) return [];
  return readdirSync(decisions)
    .filter((name) => name.endsWith('.md'))
    .filter((name) => {
      const top = readFileSync(path.join(decisions, name), 'utf8').split('\n').slice(0, 10);
      return !top.some((line) => statusRe.test(line));
    })
    .map(
      (name) =>
        `docs/decisions/${name}: no status line near the top (Status: Accepted | Proposed | Superseded by NNN)`,
    );
}

/** Every way the docs under `root` have drifted, one line each; empty when they have not. */
export function checkDocs(root) {
  return [...checkLinks(root), ...checkModules(root), ...checkDecisionStatus(root)];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  const problems = checkDocs(root);
  if (problems.length > 0) {
    console.error(`Docs out of date (${problems.length}):`);
    for (const p of problems) console.error(`  ${p}`);
    process.exit(1);
  }
  console.log('docs: links resolve, every module is in ARCHITECTURE.md, every decision has a status');
}
