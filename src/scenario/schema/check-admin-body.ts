import { yaml } from '../base/yaml-library';
import { placeOf, type PlacedDocument } from '../base/locate-node';
import { placeIn, problemAt, type Problem } from '../base/problem';
import { adminBodySchema, type AdminBodyName } from './admin-body-schemas';
import { checkScenarioData } from './check-scenario-file';

/** An admin body as it was sent: its JSON value, and its text when it came as text (for places). */
export interface AdminBody {
  readonly value: unknown;
  readonly text?: string;
}

/**
 * Checks an admin body against its schema (admin-body-schemas.ts) with the scenario reader's
 * checker and messages: each problem with the line and column in `body.text` (or in the value's
 * JSON, for a program's call) and the field's path, the body itself called by its schema's title.
 * `rules` adds what a schema cannot say (a duration string's range), placed at the field.
 */
export function checkAdminBody(
  name: AdminBodyName,
  source: string,
  body: AdminBody,
  rules: (value: Record<string, unknown>) => [field: string, message: string][] = () => [],
): Problem[] {
  const places = placesOf(body.text ?? JSON.stringify(body.value) ?? '');
  const whole = `the ${String(adminBodySchema(name).title)}`;
  const problems = checkScenarioData(name, source, body.value, places, whole);
  if (problems.length > 0) return problems;
  return rules(body.value as Record<string, unknown>).map(([field, message]) =>
    problemAt(placeIn(source, placeOf(places(), [field])), message, field),
  );
}

/** The text's `yaml` document (JSON is YAML), parsed once, when a problem first needs a place. */
function placesOf(text: string): () => PlacedDocument {
  let placed: PlacedDocument | undefined;
  return () => {
    if (placed === undefined) {
      const lineCounter = new (yaml().LineCounter)();
      placed = { doc: yaml().parseDocument(text, { lineCounter, uniqueKeys: false }), lineCounter };
    }
    return placed;
  };
}
