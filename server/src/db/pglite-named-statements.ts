import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** What this module uses of the PGlite package, handed in by the opener (the driver is loaded only when chosen). */
export type PgliteProtocol = Pick<typeof import('@electric-sql/pglite'), 'protocol' | 'parse'>;

/** A client that can be told which statement texts to keep prepared. */
export interface KeepsStatements {
  keepPrepared(text: string): void;
}

interface Kept {
  name: string;
  /** The parameters' type ids, as PostgreSQL inferred them: each value is serialised by its type. */
  types: number[];
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Resolves once the writes queued so far are on their sockets. Node sends a response's writes
 * together on the next tick, and ticks queued while promise jobs run wait until those jobs are
 * done; PGlite executes in this thread, inside promise jobs, so a statement begun in the same
 * chain as a write held that write back: a reply's first token waited for the whole reply's
 * final save and the title's request (3 ms on the TTFT bench). One tick first lets the write out.
 */
const pendingWritesOut = () => new Promise<void>((resolve) => process.nextTick(resolve));

/**
 * The PGlite client Drizzle is given: the texts of the app's prepared statements
 * (`preparedStatement`, which calls `keepPrepared`) are parsed once into named statements, and
 * each execution is one call into the database (bind, describe, execute, sync), where
 * `PGlite.query` makes six (parse, describe, bind, describe, execute, sync) and parses and plans
 * the text every time. A first message's insert, the one write before the first token, took
 * 2.1 ms after 40 ms of quiet and takes 1.4 ms. Everything else (other statements,
 * transactions, exec, the migrator) is the client's own. Values are serialised and results
 * parsed exactly as `PGlite.query` does (its serializers by the parameters' types, its parsers
 * and the caller's); an error is PostgreSQL's own, as there. Every statement and transaction
 * starts after the writes already queued (`pendingWritesOut`).
 */
export function withNamedStatements(client: PGlite, pglite: PgliteProtocol): PGlite & KeepsStatements {
  const { serialize } = pglite.protocol;
  const wanted = new Set<string>();
  const kept = new Map<string, Kept>();

  async function prepare(text: string): Promise<Kept> {
    const name = `parley_${kept.size + 1}`;
    const described = await client.execProtocolStream(joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const statement = { name, types: pglite.parse.parseDescribeStatementResults(described) };
    kept.set(text, statement);
    return statement;
  }

  // Outside any transaction (as `PGlite.query`), and one statement at a time.
  const run = (text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const statement = kept.get(text) ?? (await prepare(text));
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[statement.types[i]!] ?? client.serializers[statement.types[i]!];
          return serializer ? serializer(value) : String(value);
        });
        const messages = await client.execProtocolStream(
          joined([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false },
        );
        await client.syncToFs();
        return pglite.parse.parseResults(messages, client.parsers, options)[0]!;
      }),
    );

  const query = async (text: string, params: unknown[] = [], options?: QueryOptions) => {
    await pendingWritesOut();
    return wanted.has(text) && params.length > 0 && !options?.blob && !options?.paramTypes ? run(text, params, options) : client.query(text, params, options);
  };
  const transaction: PGlite['transaction'] = async (callback) => {
    await pendingWritesOut();
    return client.transaction(callback);
  };

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      if (key === 'keepPrepared') return (text: string) => wanted.add(text);
      const value: unknown = Reflect.get(target, key, target);
      // PGlite's methods use private fields: they run on the client itself, not on this proxy.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as PGlite & KeepsStatements;
}
