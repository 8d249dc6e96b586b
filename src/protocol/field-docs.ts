import { RESOURCE_NAMES, RESOURCES, describeType, type FieldSpec } from './fields';

/** The field reference as Markdown, rendered from the table (docs/protocol-fields.md is this output). */
export function renderFieldDocs(): string {
  const parts = [
    '# Protocol fields',
    '',
    'Generated from `src/protocol/fields.ts` by `auth-sim fields`; do not edit by hand.',
    'Every scalar goes on the wire as a JSON string unless a scenario asks for `wire: typed`.',
  ];
  for (const resource of RESOURCE_NAMES) {
    parts.push(
      '',
      `## ${resource}`,
      '',
      '| field | type | required | since | notes | meaning |',
      '|---|---|---|---|---|---|',
    );
    for (const spec of RESOURCES[resource]) parts.push(row(spec));
  }
  return `${parts.join('\n')}\n`;
}

function row(spec: FieldSpec): string {
  const cells = [
    `\`${spec.name}\``,
    describeType(spec.type),
    spec.required ? 'yes' : 'no',
    spec.since,
    notes(spec),
    spec.meaning,
  ];
  return `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
}

function notes(spec: FieldSpec): string {
  const out: string[] = [];
  if (spec.deprecatedFor) out.push(`deprecated: use \`${spec.deprecatedFor}\``);
  if (spec.needsCompanyModule) out.push('only with the Auth.B API module or the corporate package');
  if (spec.declaredValues)
    out.push(`declared values ${spec.declaredValues.map((v) => `"${v}"`).join(', ')}; others are served`);
  if (spec.undocumented) out.push('not in the reference tables; shown in its sample');
  return out.join('; ');
}
