#!/usr/bin/env node
'use strict';
/**
 * Build step after tsc: writes the editor schema of scenario files to the package's stable path
 * (schema/scenario-file.schema.json), which the shipped examples' `# yaml-language-server:
 * $schema=` lines and users' editor settings point at, and the admin bodies' schemas beside it
 * (schema/session-body.schema.json, schema/clock-body.schema.json). Generated from the built
 * dist/scenario/schema/, so they are derived from the tables the loader and the admin API check with.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const dist = path.join(root, 'dist', 'scenario', 'schema');
const { EDITOR_SCHEMA_PATH, editorScenarioSchema } = require(path.join(dist, 'editor-schema.js'));
const { ADMIN_BODY_NAMES, adminBodySchemaPath, shippedAdminBodySchema } = require(
  path.join(dist, 'admin-body-schemas.js'),
);

const write = (relative, schema) => {
  const target = path.join(root, relative);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(schema, null, 2)}\n`);
};
write(EDITOR_SCHEMA_PATH, editorScenarioSchema());
for (const name of ADMIN_BODY_NAMES) write(adminBodySchemaPath(name), shippedAdminBodySchema(name));
