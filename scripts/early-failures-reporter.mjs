// A vitest reporter that prints each failed test's errors the moment the test ends, not with the run's
// summary. Used by the SMB step (scripts/test-smb.mjs): when its time bound kills a run whose FUSE client
// hung, the summary never comes, and the loaded run of 4fea8a4 lost three failures' messages that way.
// eslint-disable-next-line no-restricted-syntax -- vitest loads a reporter file by its default export
export default class EarlyFailuresReporter {
  onTestCaseResult(testCase) {
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const lines = [`FAILED ${testCase.module.moduleId.replace(`${process.cwd()}/`, '')} > ${testCase.fullName}`];
    for (const error of result.errors ?? []) {
      lines.push(`  ${error.name ?? 'Error'}: ${error.message ?? String(error)}`);
      for (const frame of (error.stack ?? '').split('\n').slice(1, 6)) lines.push(`  ${frame.trim()}`);
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}
