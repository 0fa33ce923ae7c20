// `npm run i18n -w web` (part of `npm run lint`): after `lingui extract --clean` has gathered every
// message of src/ into src/locales/*.po, fails when a message has no Hindi translation, or when a
// route's title (router.tsx) is not listed for extraction in components/route-titles.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/** The entries of a PO file: msgid and msgstr, with continued lines joined. */
export function poEntries(text) {
  const entries = [];
  let current = null;
  let field = null;
  const unquote = (s) => JSON.parse(s);
  for (const line of text.split('\n')) {
    const m = /^(msgid|msgstr) (".*")$/.exec(line);
    if (m) {
      if (m[1] === 'msgid') {
        current = { msgid: '', msgstr: '' };
        entries.push(current);
      }
      field = m[1];
      current[field] = unquote(m[2]);
    } else if (/^".*"$/.test(line) && current && field) {
      current[field] += unquote(line);
    } else if (!line.trim()) {
      field = null;
    }
  }
  return entries.filter((e) => e.msgid !== '');
}

const problems = [];
const hi = poEntries(readFileSync(path.join(src, 'locales/hi.po'), 'utf8'));
for (const e of hi) {
  if (!e.msgstr.trim()) problems.push(`no Hindi translation: ${JSON.stringify(e.msgid)}`);
}
const router = readFileSync(path.join(src, 'router.tsx'), 'utf8');
const listed = readFileSync(path.join(src, 'components/route-titles.ts'), 'utf8');
for (const [, title] of router.matchAll(/title: '([^']*)'/g)) {
  if (!listed.includes(`'${title}'`))
    problems.push(`route title not in components/route-titles.ts: '${title}'`);
}
if (problems.length) {
  console.error(
    `${problems.join('\n')}\n\n${problems.length} i18n problem(s): translate in web/src/locales/hi.po`,
  );
  process.exit(1);
}
console.log(`i18n: ${hi.length} messages, every one translated into Hindi`);
