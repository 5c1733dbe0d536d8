/** Adds a JSON report when TEST_REPORT_DIR is set, so CI can print one closing "N passed, N failed" line. */
export function reporters(name: string): Array<string | [string, Record<string, unknown>]> {
  const dir = process.env.TEST_REPORT_DIR;
  return dir ? ['default', ['json', { outputFile: `${dir}/${name}.json` }]] : ['default'];
}
