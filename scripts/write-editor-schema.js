#!/usr/bin/env node
'use strict';
/**
 * Build step after tsc: writes the editor schema of scenario files to the package's stable path
 * (schema/scenario-file.schema.json), which the shipped examples' `# yaml-language-server:
 * $schema=` lines and users' editor settings point at. Generated from the built
 * dist/scenario/schema/editor-schema.js, so it is derived from src/protocol/fields.ts like the loader's.
 */
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const { EDITOR_SCHEMA_PATH, editorScenarioSchema } = require(
  path.join(root, 'dist', 'scenario', 'schema', 'editor-schema.js'),
);
const target = path.join(root, EDITOR_SCHEMA_PATH);
fs.mkdirSync(path.dirname(target), { recursive: true });
fs.writeFileSync(target, `${JSON.stringify(editorScenarioSchema(), null, 2)}\n`);
