import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every scenario file shipped under scenarios/, as absolute paths. */
export function shippedScenarios(dir = join(__dirname, '../../scenarios')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? shippedScenarios(join(dir, e.name)) : /\.ya?ml$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

// Plain scalars where YAML 1.2 core, js-yaml's own core schema and YAML 1.1 disagree.
export const SCALARS = [
  '0', '-0', '+12', '012', '0o17', '0O17', '0x1F', '0X1F', '0b101', '1_000', '1e3', '1E-3', '-1.5e+3', '.5', '1.', '-.5', '1.50',
  '.inf', '-.Inf', '+.INF', '.nan', '.NaN', '1:20', '1:20:30', '12345678901234567890', '9007199254740993', '00', '1.2.3',
  'true', 'True', 'TRUE', 'tRUE', 'false', 'yes', 'no', 'on', 'off', 'y', 'n', '~', 'null', 'Null', 'NULL', 'nULL',
  '2024-01-05', '2024-01-05T10:00:00Z', '1970-01-01 00:00:00', '+7 903 123-45-67', '+79031234567', '7707083893', '044525225',
  '40817810099910004312', 'ДБО-2016/940536', 'a b  c', "it's", '"quoted"', "'single'", '"esc \\u0041 \\x42 \\t"', '"\\N\\_"',
  'https://crm.example.ru/clients/1?a=1&b=2', 'a # comment', 'a#b', '-', '--', '- x', '[1, 2]', '{a: 1}', '', ' ',
];
