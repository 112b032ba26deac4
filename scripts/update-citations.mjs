// Renumbers docs/security.md's "`file:line` `code`" citations after code moved: each cited code is looked
// up in its file, and the line number is set to where it stands now. A citation whose code is gone, or
// stands in more than one place, is left as it is and named (the test then fails on it: fix it by hand).
//   node scripts/update-citations.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const DOC = 'docs/security.md';
const CITATION = /`([\w./-]+\.(?:ts|tsx|mjs|yml|json)):(\d+)` `([^`]+)`/g;

let moved = 0;
const unresolved = [];
const doc = readFileSync(DOC, 'utf8').replace(CITATION, (whole, file, line, cited) => {
  const snippet = cited.replaceAll('\\|', '|');
  const lines = readFileSync(file, 'utf8').split('\n');
  if ((lines[Number(line) - 1] ?? '').includes(snippet)) return whole;
  const at = lines.flatMap((l, i) => (l.includes(snippet) ? [i + 1] : []));
  if (at.length !== 1) {
    unresolved.push(`${file}:${line} ${snippet} (${at.length ? `at lines ${at.join(', ')}` : 'not found'})`);
    return whole;
  }
  moved++;
  return `\`${file}:${at[0]}\` \`${cited}\``;
});
writeFileSync(DOC, doc);
console.log(`${DOC}: ${moved} citation(s) renumbered`);
for (const u of unresolved) console.log(`  not resolved: ${u}`);
process.exitCode = unresolved.length ? 1 : 0;
