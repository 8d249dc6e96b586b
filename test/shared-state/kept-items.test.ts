import { Redis } from 'ioredis';
import { RejectedValues } from '../../src/shared-state/rejected-values';
import { ShippedStream } from '../../src/shared-state/shipped-stream';
import { StreamWriter } from '../../src/shared-state/stream-writer';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis-server';

const describeRedis = describeWithRedis();

interface Described {
  readonly name: string;
}

/**
 * A writer keeps each write's items as it described them, so that, meeting its own entry in the
 * stream, it takes them rather than parsing its own JSON: each entry names its write, a write's
 * items are given once, and what can no longer be met (an earlier write, a reset, beyond the cap)
 * is not kept.
 */
describeRedis('the items a writer keeps for its own entries', () => {
  let redis: TestRedis;
  let client: Redis;
  const warnings: string[] = [];
  let journal: ShippedStream<string, Described>;
  let writer: StreamWriter;

  beforeAll(async () => {
    redis = await startRedis();
    client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await client.connect();
    const floor = () => 0;
    journal = new ShippedStream(
      client,
      'kept:journal',
      3,
      (name) => ({ name }),
      (d) => [d.name],
      floor,
    );
    const exchanges = new ShippedStream<string>(
      client,
      'kept:exchanges',
      3,
      (x) => x,
      (x) => [x],
      floor,
    );
    writer = new StreamWriter(client, [journal, exchanges], new RejectedValues((line) => warnings.push(line)));
    writer.start('me:1');
  });
  afterAll(async () => {
    client?.disconnect();
    await redis?.stop();
  });

  const write = async (...names: string[]) => {
    for (const name of names) journal.push(name);
    await writer.flush();
  };

  test('an entry names its write, and the write gives back its items as described, once', async () => {
    await write('alice', 'bob');
    const [[, fields]] = await client.xrange('kept:journal', '-', '+');
    expect(fields).toEqual(['i', 'me:1', 'w', `${writer.writer} 1`, 's', '1', 'e', '[["alice"],["bob"]]']);
    expect(journal.takeKept(1)).toEqual([{ name: 'alice' }, { name: 'bob' }]);
    expect(journal.takeKept(1)).toBeUndefined();
  });

  test('meeting a later write forgets the earlier ones, whose entries the reader has passed', async () => {
    await write('carol');
    await write('dave');
    expect(journal.takeKept(3)).toEqual([{ name: 'dave' }]);
    expect(journal.takeKept(2)).toBeUndefined();
  });

  test('no more items are kept than the cap: the oldest write is given up, and its entry is parsed instead', async () => {
    await write('erin', 'frank');
    await write('grace', 'heidi');
    expect([journal.takeKept(4), journal.takeKept(5)]).toEqual([undefined, [{ name: 'grace' }, { name: 'heidi' }]]);
  });

  test('a reset forgets what is kept', async () => {
    await write('ivan');
    journal.clear();
    expect(journal.takeKept(6)).toBeUndefined();
    expect(warnings).toEqual([]);
  });
});
