import type { Problem } from '../base/problem';
import { problemAt } from '../base/problem';
import type { ScenarioText } from '../base/read-scenario-sources';

/** Whether a text has nothing in it but whitespace. */
export function isBlank(text: string): boolean {
  return text.trim() === '';
}

/**
 * A file that had content in the served set and is now empty is almost always an editor caught
 * between truncating and writing. Loading it would drop all its tokens, so it fails the reload
 * instead; a file that is meant to be empty can be deleted or say `tokens: {}`.
 */
export function emptiedFileProblems(texts: readonly ScenarioText[], hadContent: ReadonlySet<string>): Problem[] {
  return texts
    .filter((t) => hadContent.has(t.file) && isBlank(t.text))
    .map((t) =>
      problemAt(
        t.file,
        'the file is empty (caught mid-save?); to empty it on purpose, delete it or write "tokens: {}"',
      ),
    );
}
