import { classifyBackoff } from '../../src/caller-report/classify-backoff';

test.each([
  [[], 'none'],
  [[300], 'single'],
  [[150, 160, 140], 'constant'],
  [[100, 200, 300, 400], 'linear'],
  [[100, 200, 400], 'exponential'],
  [[100, 200], 'exponential'],
  [[100, 150, 225, 340], 'exponential'],
  [[100, 400, 150], 'irregular'],
  [[0, 0, 0], 'immediate'],
  [[1], 'immediate'],
  [[1.2, 0.8, 3.1, 10], 'immediate'],
  [[2, 4, 8], 'immediate'],
  [[1, 1, 10.1], 'irregular'],
  [[11, 12, 11], 'constant'],
])('gaps %j are %s', (gaps, shape) => {
  expect(classifyBackoff(gaps)).toBe(shape);
});
