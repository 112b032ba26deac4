/** Copies a child's output stream to `to` line by line, each line after `lead` (the lanes' `[unit] `). */
export function prefixLines(from, to, lead) {
  let rest = '';
  from.setEncoding('utf8');
  from.on('data', (text) => {
    const lines = (rest + text).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) to.write(`${lead}${line}\n`);
  });
  from.on('end', () => rest && to.write(`${lead}${rest}\n`));
}
