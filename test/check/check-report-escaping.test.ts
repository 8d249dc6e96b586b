import { SaxesParser } from 'saxes';
import { jsonAnswer, startHostileUpstream, type HostileUpstream } from '../helpers/hostile-upstream';
import { runCliAsync } from '../helpers/run-cli-async';

const TOKEN = 'esc\u001b[31m\u0007\u0085\u2028<&"\'>';
const SHOWN = 'esc\\u001b[31m\\u0007\\u0085\\u2028<&"\'>';
const CARD = { id: '1', name: 'Test Tess', surname: 'Test', firstname: 'Tess', type: '0', enabled: true, nick: 'x' };

let upstream: HostileUpstream;

beforeAll(async () => {
  upstream = await startHostileUpstream({ [TOKEN]: (_req, res) => jsonAnswer(res, { client: CARD }) });
});

afterAll(() => upstream.close());

/** Every well-formedness error a conforming XML 1.0 parser reports, and the attributes and text it read. */
function parseXml(text: string): { errors: string[]; names: string[]; failures: string[]; out: string } {
  const parser = new SaxesParser();
  const found = { errors: [] as string[], names: [] as string[], failures: [] as string[], out: '' };
  let inOut = false;
  parser.on('error', (e) => found.errors.push(e.message));
  parser.on('opentag', (tag) => {
    if (tag.name === 'testcase') found.names.push(String(tag.attributes.name));
    if (tag.name === 'failure') found.failures.push(String(tag.attributes.message));
    inOut = tag.name === 'system-out';
  });
  parser.on('text', (t) => (inOut ? (found.out += t) : undefined));
  parser.on('closetag', () => (inOut = false));
  parser.write(text).close();
  return found;
}

describe('check prints what a service sent without its control characters', () => {
  it('writes JUnit XML a conforming parser reads, with the token shown escaped', async () => {
    const run = await runCliAsync([
      'check',
      upstream.url,
      '--token',
      TOKEN,
      '--unknown-token',
      'nobody',
      '--format',
      'junit',
    ]);
    expect(run.status).toBe(1);
    const xml = parseXml(run.stdout);
    expect(xml.errors).toEqual([]);
    expect(xml.names).toEqual([`${SHOWN} GET`, `${SHOWN} POST`, 'nobody GET', 'nobody POST']);
    expect(xml.failures).toEqual([
      `${SHOWN} GET client.enabled: must be "true" or "false"; got true (a JSON boolean)`,
      // HTTP headers cannot carry ESC: the POST form of this token is refused before it is sent.
      `${SHOWN} POST: request failed: UND_ERR_INVALID_ARG`,
    ]);
    expect(xml.out).toBe(`${SHOWN} GET client.nick: warning: unknown field: not a Client field of the protocol`);
  });

  it('prints the text report with control characters escaped', async () => {
    const run = await runCliAsync(['check', upstream.url, '--token', TOKEN, '--unknown-token', 'nobody']);
    // eslint-disable-next-line no-control-regex -- the test looks for control characters
    expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028]/);
    expect(run.stdout).toMatch(
      new RegExp(`^${SHOWN.replace(/[\\[\]]/g, '\\$&')} GET 200 application/json \\d+ ms$`, 'm'),
    );
  });
});
