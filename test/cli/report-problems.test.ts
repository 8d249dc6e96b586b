import { withSourceLine } from '../../src/cli/report-problems';
import type { Problem } from '../../src/scenario/base/problem';

const at = (message: string, line: number, column: number): Problem => ({
  file: 'compact.yaml',
  line,
  column,
  severity: 'error',
  path: '',
  message,
});
const SOURCE = ['tokens:', '  alice:', '\tclient: { name: Alice: Smith }'];
const lineOf = (_file: string, line: number) => SOURCE[line - 1];

test('on a terminal a syntax error shows its source line with a caret under the column, tabs kept', () => {
  expect(withSourceLine(at('YAML: Nested mappings are not allowed in compact mappings', 3, 18), lineOf)).toBe(
    'compact.yaml:3:18 YAML: Nested mappings are not allowed in compact mappings\n    \tclient: { name: Alice: Smith }\n    \t                ^',
  );
});

test('other problems, and a place with no source to show (an admin entry), stay on one line', () => {
  expect(withSourceLine(at('tokens.alice.status must be an HTTP status', 2, 3), lineOf)).toBe(
    'compact.yaml:2:3 tokens.alice.status must be an HTTP status',
  );
  expect(withSourceLine(at('YAML: Tabs are not allowed as indentation', 9, 1), lineOf)).toBe(
    'compact.yaml:9:1 YAML: Tabs are not allowed as indentation',
  );
});
