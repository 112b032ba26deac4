// Proves each layer rule fires: every file in test/lint-fixtures/ is linted as if it lived at its
// `lint-as:` path and must be reported by its `expect:` rule. A rule that stops firing fails the tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const dir = 'test/lint-fixtures';
const eslint = new ESLint();
let failures = 0;
const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
for (const file of files) {
  const text = readFileSync(join(dir, file), 'utf8');
  const as = /lint-as: (\S+)/.exec(text)?.[1];
  const expected = /expect: (\S+)/.exec(text)?.[1];
  if (!as || !expected) {
    console.error(`${file}: missing lint-as/expect header`);
    failures++;
    continue;
  }
  const [result] = await eslint.lintText(text, { filePath: as });
  const rules = (result?.messages ?? []).map((m) => m.ruleId);
  if (rules.includes(expected)) console.log(`ok   ${file}: ${expected}`);
  else {
    console.error(`FAIL ${file}: expected ${expected}, got ${JSON.stringify(rules)}`);
    failures++;
  }
}
if (files.length === 0) failures++;
console.log(`${files.length - failures}/${files.length} layer rules fire`);
process.exit(failures ? 1 : 0);
