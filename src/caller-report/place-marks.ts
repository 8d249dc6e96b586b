/** The least distance between two marks' centres in a row: a mark is 8 px wide with its outline. */
export const MARK_SPACING = 9;

/**
 * The x of each mark in a row, from the x its time gives (sorted, ascending), moved apart so no
 * two marks are closer than the spacing: a burst of three calls within a few milliseconds shows
 * as three marks side by side, never as one. Marks are pushed right, then pulled back left of
 * the row's end; a row with more marks than fit at full spacing shares its width evenly.
 */
export function placeMarks(xs: readonly number[], left: number, right: number): number[] {
  const n = xs.length;
  if (n === 0) return [];
  const gap = n > 1 ? Math.min(MARK_SPACING, (right - left) / (n - 1)) : MARK_SPACING;
  const placed = xs.map((x) => Math.min(right, Math.max(left, x)));
  for (let i = 1; i < n; i++) placed[i] = Math.max(placed[i], placed[i - 1] + gap);
  if (placed[n - 1] > right) {
    placed[n - 1] = right;
    for (let i = n - 2; i >= 0; i--) placed[i] = Math.min(placed[i], placed[i + 1] - gap);
  }
  return placed.map((x) => Math.round(x * 10) / 10);
}
