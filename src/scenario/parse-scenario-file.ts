import type { Document, LineCounter } from 'yaml';
import { yaml } from './yaml-library';
import { checkScenarioFile } from './check-scenario-file';
import { findDuplicateKeys } from './find-duplicate-keys';
import { locateNode, type NodePath } from './locate-node';
import type { Problem, SourceRef } from './problem';

/** The schema check applied after parsing: a whole file by default, or one entry (`checkScenarioEntry`). */
export type SchemaCheck = typeof checkScenarioFile;

/** A scenario file turned into data, with everything found wrong in it. */
export interface ParsedScenarioFile {
  readonly file: string;
  readonly data: Record<string, unknown>;
  readonly doc: Document;
  readonly lineCounter: LineCounter;
  readonly problems: Problem[];
  /** Where each token's key stands, when the parser already knows (ScenarioParseCache); else found from `doc`. */
  readonly tokenPlaces?: ReadonlyMap<string, SourceRef>;
  /** locateNode for this file, when it can place a node without parsing all of `doc` (readScenarioFile); see placeOf. */
  readonly locate?: (path: NodePath, at?: 'key' | 'value') => { line: number; col: number };
}

/** The line and column of the node at `path` in a parsed file (locateNode's answer), by the cheapest route the file offers. */
export function placeOf(file: ParsedScenarioFile, path: NodePath, at: 'key' | 'value' = 'value'): { line: number; col: number } {
  return file.locate ? file.locate(path, at) : locateNode(file.doc, file.lineCounter, path, at);
}

/**
 * Parses YAML (JSON is YAML too) with positions kept, then checks it against the scenario
 * schema. Duplicate keys and syntax errors come back as problems, never as exceptions.
 */
export function parseScenarioFile(file: string, text: string, check: SchemaCheck = checkScenarioFile): ParsedScenarioFile {
  const { doc, lineCounter } = parseYamlDocument(text);
  const syntax = doc.errors.map((e): Problem => {
    const pos = e.linePos?.[0] ?? { line: 1, col: 1 };
    return { file, line: pos.line, column: pos.col, severity: 'error', path: '', message: firstLine(e.message) };
  });
  syntax.push(...findDuplicateKeys(file, doc, lineCounter));
  if (syntax.length > 0) return { file, data: {}, doc, lineCounter, problems: syntax };
  const data = (doc.toJS({ maxAliasCount: 10_000 }) ?? {}) as Record<string, unknown>;
  return { file, data, doc, lineCounter, problems: check(file, data, doc, lineCounter) };
}

/** A YAML text as the `yaml` library's document with its line counter, read the way every scenario text is (merge keys on; repeated keys left for findDuplicateKeys to report). */
export function parseYamlDocument(text: string): { doc: Document; lineCounter: LineCounter } {
  const lineCounter = new (yaml().LineCounter)();
  return { doc: yaml().parseDocument(text, { lineCounter, merge: true, uniqueKeys: false, prettyErrors: false }), lineCounter };
}

function firstLine(message: string): string {
  const line = message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
  return `YAML: ${line}`;
}
