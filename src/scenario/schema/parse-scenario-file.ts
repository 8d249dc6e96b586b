import type { Document } from 'yaml';
import { yaml } from '../base/yaml-library';
import { checkScenarioData } from './check-scenario-file';
import { TooManyAliasValues } from '../base/alias-budget';
import { convertControlScalars } from '../base/control-scalars';
import { findDuplicateKeys } from '../base/find-duplicate-keys';
import { findIndentationMistake } from '../base/indentation-mistake';
import type { PlacedDocument } from '../base/locate-node';
import type { Problem, SourceRef } from '../base/problem';
import { placeIn, problemAt } from '../base/problem';
import { MAX_NESTING, readYamlText, YAMLException } from '../base/read-yaml-text';
import { validatorSchema, type ValidatorName } from './scenario-validators';

/**
 * A scenario file turned into data, with everything found wrong in it; its `yaml` document is
 * parsed on first use, as only a message or a warning needs a place.
 */
export interface ParsedScenarioFile extends PlacedDocument {
  readonly file: string;
  readonly data: Record<string, unknown>;
  readonly problems: Problem[];
  /** Where each token's key stands, when the reader could tell (read-yaml-text.ts); else found from `doc`. */
  readonly tokenPlaces?: ReadonlyMap<string, SourceRef>;
}

/** Where a node of a parsed file stands (its callers in compile/ and synth/ import it from here, beside the file type). */
export { placeOf } from '../base/locate-node';

/**
 * The one scenario reader, for files, `generate` output read back and admin API entries alike:
 * js-yaml reads the data (every card scalar as its text), the control keys get their numbers
 * from the schema, and the schema checks the result. Syntax errors, duplicate keys and too many
 * aliases come back as problems with their places, never as exceptions.
 */
export function parseScenarioFile(
  file: string,
  text: string,
  schema: ValidatorName = 'scenario-file',
): ParsedScenarioFile {
  const placed = lazyDocument(text);
  const result = (
    data: Record<string, unknown>,
    problems: Problem[],
    tokenPlaces?: ReadonlyMap<string, SourceRef>,
  ): ParsedScenarioFile => ({
    file,
    data,
    problems,
    ...(tokenPlaces ? { tokenPlaces } : {}),
    get doc() {
      return placed().doc;
    },
    get lineCounter() {
      return placed().lineCounter;
    },
  });
  let read;
  try {
    read = readYamlText(file, text);
  } catch (error) {
    if (error instanceof TooManyAliasValues) {
      return result({}, [problemAt({ file, line: error.line, column: error.column }, error.message)]);
    }
    if (!(error instanceof YAMLException)) throw error;
    // Not handed to `yaml` for a place: it overflows its stack, or aborts the process out of
    // memory, on the thousands of nested brackets that make js-yaml stop here.
    if (error.reason.startsWith('nesting exceeded maxDepth')) return result({}, [tooDeep(file, error)]);
    return result({}, syntaxProblems(file, text, placed(), error));
  }
  const data = (read.data ?? {}) as Record<string, unknown>;
  convertControlScalars(data, validatorSchema(schema));
  return result(data, checkScenarioData(schema, file, data, placed), read.tokenPlaces);
}

/** The `yaml` library's document of a text with its line counter, parsed once, when first asked for. */
function lazyDocument(text: string): () => PlacedDocument {
  let parsed: PlacedDocument | undefined;
  return () => {
    if (!parsed) {
      const lineCounter = new (yaml().LineCounter)();
      // Repeated keys are left for findDuplicateKeys, which names both places.
      parsed = { doc: yaml().parseDocument(text, { lineCounter, merge: true, uniqueKeys: false }), lineCounter };
    }
    return parsed;
  };
}

/**
 * A syntax error where it is: the `yaml` library's errors (their real line and column, and the
 * message's first line) and repeated keys; js-yaml's own, at its mark, if `yaml` finds none.
 */
function syntaxProblems(
  file: string,
  text: string,
  { doc, lineCounter }: PlacedDocument,
  error: YAMLException,
): Problem[] {
  let problems = doc.errors.map((e): Problem => {
    const pos = lineCounter.linePos(e.code === 'MISSING_CHAR' ? openingQuote(doc, e.pos[0]) : e.pos[0]);
    return problemAt(placeIn(file, pos), `YAML: ${firstLine(e.message)}`);
  });
  problems = withIndentationSaid(file, text, problems);
  problems.push(...findDuplicateKeys(file, doc, lineCounter));
  if (problems.length > 0) return problems;
  const mark = error.mark as { line: number; column: number; position: number } | undefined;
  // js-yaml marks an unknown alias at the end of its line; the alias itself is where to look.
  const alias = /^unidentified alias "(.*)"$/.exec(error.reason);
  const at = alias ? text.indexOf(`*${alias[1]}`) : -1;
  const pos = at >= 0 ? lineCounter.linePos(at) : { line: (mark?.line ?? 0) + 1, col: (mark?.column ?? 0) + 1 };
  return [problemAt(placeIn(file, pos), `YAML: ${error.reason}`)];
}

/**
 * The parser's messages with the first of them that a line's indentation explains said as that
 * (findIndentationMistake), once, at the line to fix: the parser gives one to three messages
 * there or on the line before, none of which says "indentation".
 */
function withIndentationSaid(file: string, text: string, problems: Problem[]): Problem[] {
  if (problems.length === 0) return problems;
  const mistake = findIndentationMistake(text);
  const first = Math.min(...problems.map((p) => p.line));
  if (!mistake || first < mistake.lineBefore || first > mistake.line) return problems;
  const explained = (p: Problem) => p.line >= mistake.lineBefore && p.line <= mistake.line;
  const said = problemAt({ file, line: mistake.line, column: mistake.column }, mistake.message);
  return [said, ...problems.filter((p) => !explained(p))];
}

/** js-yaml's limit on nesting, at its mark: no scenario comes near it. */
function tooDeep(file: string, error: YAMLException): Problem {
  const mark = error.mark as { line: number; column: number } | undefined;
  const message = `YAML: nested more than ${MAX_NESTING} levels deep (collections inside collections); a scenario needs a handful`;
  return problemAt({ file, line: (mark?.line ?? 0) + 1, column: (mark?.column ?? 0) + 1 }, message);
}

/** Where the quoted scalar that runs to `end` without its closing quote opens: the place to fix, not the end of the file. */
function openingQuote(doc: Document, end: number): number {
  let start = end;
  yaml().visit(doc, {
    Scalar(_key, node) {
      const range = node.range;
      if ((node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') && range && range[0] < end && range[1] >= end)
        start = range[0];
    },
  });
  return start;
}

function firstLine(message: string): string {
  return message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
}
