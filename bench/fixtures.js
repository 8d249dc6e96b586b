'use strict';
/** Writes the benchmark's scenario files: 1,000 hand-written cards (~700 bytes each on the wire), the mix, synthetic populations. */
const fs = require('node:fs');
const path = require('node:path');

const HAND_TOKENS = 1000;
const ERROR_TOKENS = 100;

const SURNAMES = ['Ivanov', 'Petrov', 'Sidorov', 'Kuznetsov', 'Smirnov', 'Popov', 'Volkov', 'Sokolov'];
const FIRSTNAMES = ['Alexei', 'Boris', 'Dmitry', 'Ivan', 'Mikhail', 'Nikolai', 'Oleg', 'Pavel'];
const PATRONYMICS = ['Andreevich', 'Borisovich', 'Ivanovich', 'Petrovich', 'Sergeevich'];

/** The token names of the hand-written set: `hand-0000` ... `hand-0999`. */
function handToken(i) {
  return `hand-${String(i).padStart(4, '0')}`;
}

/** One hand-written card as YAML lines (indented under its token), about 700 bytes once served. */
function handCard(i) {
  const surname = SURNAMES[i % SURNAMES.length];
  const firstname = FIRSTNAMES[(i >> 3) % FIRSTNAMES.length];
  const patronymic = PATRONYMICS[i % PATRONYMICS.length];
  const id = String(100000 + i);
  return [
    `  ${handToken(i)}:`,
    '    client:',
    `      id: "${id}"`,
    `      name: ${surname} ${firstname} ${patronymic}`,
    `      surname: ${surname}`,
    `      firstname: ${firstname}`,
    `      patronymic: ${patronymic}`,
    `      type: "${i % 2}"`,
    `      enabled: ${i % 10 !== 0}`,
    `      shortName: ${surname} ${firstname[0]}. ${patronymic[0]}.`,
    `      extRef: "ABS-${id}"`,
    `      birthDate: "19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}"`,
    `      inn: "77${String(10000000 + i * 7).padStart(8, '0')}"`,
    `      bankBranch: { id: ${i % 50}, bik: "044525225", name: Moscow branch ${i % 50} }`,
    `      actionList: [ { name: Open in CRM, type: 0, value: "https://crm.example.ru/client/${id}" } ]`,
    `      contacts: { phone: "+7903${String(1000000 + i)}", email: client${i}@example.ru, telegramUserName: client_${i} }`,
    `      fieldList: [ { name: Segment, value: retail }, { name: Manager, value: Orlov A. } ]`,
    '    companyList:',
    `      - { id: ${i}, name: Horns and Hooves ${i} LLC, enabled: true, inn: "7707083893", kpp: "773601001" }`,
  ].join('\n');
}

const ERROR_SHAPES = [
  ['    status: 401', '    errorCode: TOKEN_EXPIRED', '    errorText: token expired'],
  ['    status: 403', '    errorCode: CLIENT_BLOCKED', '    errorText: client is blocked'],
  ['    status: 503', '    body: none'],
  [
    '    status: 500',
    '    headers: { Retry-After: 30 }',
    '    errorCode: INTERNAL',
    '    errorText: internal error in the CRM',
  ],
];

/** The error token names of the mix: `err-000` ... `err-099`. */
function errorToken(i) {
  return `err-${String(i).padStart(3, '0')}`;
}

function handFileText(count = HAND_TOKENS) {
  const cards = [];
  for (let i = 0; i < count; i++) cards.push(handCard(i));
  return `# ${count} hand-written tokens for npm run bench\ntokens:\n${cards.join('\n')}\n`;
}

function errorFileText() {
  const entries = [];
  for (let i = 0; i < ERROR_TOKENS; i++)
    entries.push([`  ${errorToken(i)}:`, ...ERROR_SHAPES[i % ERROR_SHAPES.length]].join('\n'));
  const fallback = 'fallback:\n  status: 404\n  errorCode: CLIENT_NOT_FOUND\n  errorText: client not found\n';
  return `# error entries and a fallback for the bench mix\ntokens:\n${entries.join('\n')}\n${fallback}`;
}

/** A scenario file holding only a synthetic population (the issue-4 `generate` block). */
function syntheticFileText(count, seed = 42) {
  return `# ${count} synthetic tokens for npm run bench\ngenerate:\n  - { tokens: "synth-{n}", count: ${count}, seed: ${seed} }\n`;
}

/** Writes every fixture under `dir`; returns the paths, one directory or file per scenario set. */
function writeFixtures(dir, { synthCounts = [0, 100000, 1000000] } = {}) {
  const put = (name, text) => {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  };
  const hand = put('hand/hand.yaml', handFileText());
  // The first hand-written card alone: what start-up costs with almost nothing to read.
  const one = put('one/one.yaml', handFileText(1));
  put('mix/hand.yaml', handFileText());
  put('mix/errors.yaml', errorFileText());
  const synth = {};
  for (const count of synthCounts) {
    synth[count] =
      count === 0
        ? put(`synth-0/empty.yaml`, 'tokens: {}\n')
        : put(`synth-${count}/synth.yaml`, syntheticFileText(count));
  }
  return { hand, one, mix: path.join(dir, 'mix'), synth };
}

module.exports = { writeFixtures, handToken, errorToken, HAND_TOKENS, ERROR_TOKENS };
