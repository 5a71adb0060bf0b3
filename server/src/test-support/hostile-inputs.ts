import fc from 'fast-check';
import type { RouteCall } from './security-world.ts';

/** A string with a NUL somewhere in it. */
const withNul = fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\u0000${b}`);

/** Strings that have broken servers: NUL, lone surrogates, path tricks, prototype names, very long. */
const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  withNul,
  fc.constantFrom('', ' ', '..', '../..', '%', '\uD800', '__proto__', 'constructor', 'prototype', 'toString', '00000000-0000-0000-0000-000000000000'),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n)),
);

/** JSON texts (not values: `__proto__` and 1e400 only survive as text) of every hostile kind. */
const hostileJson: fc.Arbitrary<string> = fc.oneof(
  hostileString.map((s) => JSON.stringify(s)),
  fc.integer({ min: 10, max: 5_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 10, max: 5_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.constantFrom('1e400', '-1e400', '1e-400', '-0', '9007199254740993', '123456789012345678901234567890', '-1', '0.5'),
  fc.constantFrom('true', 'false', 'null', '[]', '{}', '[null]', '[{}]'),
  fc.constantFrom('{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '{"__proto__":null}'),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
);

/** A URL component: percent-encoded hostile text, or raw bytes that are not valid UTF-8. */
const hostileUrlPart = fc.oneof(
  hostileString.filter((s) => s.length < 5_000).map((s) => [...Buffer.from(s)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
  fc.constantFrom('%FF', '%', '%E0%A4%A', '%00', '..%2F..%2F', '%5B%5D'),
);

const queryKey = fc.constantFrom('pageNumber', 'after', 'q', 'name', 'all', 'code', 'state', '__proto__', 'constructor', 'note');

type Mutation = (route: string, call: RouteCall) => RouteCall;

/** Replaces one field of the body (top level or under `arg`) with hostile JSON, or adds a hostile key. */
const fieldMutation: fc.Arbitrary<Mutation> = fc
  .tuple(fc.nat(), fc.constantFrom('__proto__', 'constructor', 'arg', 'extra'), hostileJson, fc.boolean())
  .map(([pick, extraKey, json, addKey]) => (_route, call) => {
    const body = typeof call.payload === 'object' && call.payload ? (call.payload as Record<string, unknown>) : {};
    const nested = typeof body.arg === 'object' && body.arg ? 'arg' : undefined;
    const target = nested ? (body.arg as Record<string, unknown>) : body;
    const keys = Object.keys(target);
    const key = addKey || keys.length === 0 ? extraKey : keys[pick % keys.length]!;
    const marker = '\u0001hostile\u0001';
    const text = JSON.stringify(nested ? { ...body, arg: { ...target, [key]: marker } } : { ...target, [key]: marker });
    return { ...call, payload: text.replace(JSON.stringify(marker), json) };
  });

const bodyMutation: fc.Arbitrary<Mutation> = hostileJson.map((json) => (_route, call) => ({ ...call, payload: json }));

/** Replaces one route param (a `:name` segment of the route) with a hostile URL component. */
const paramMutation: fc.Arbitrary<Mutation> = fc.tuple(fc.nat(), hostileUrlPart).map(([pick, part]) => (route, call) => {
  const pattern = route.split(' ')[1]!.split('/');
  const params = pattern.flatMap((segment, i) => (segment.startsWith(':') ? [i] : []));
  if (params.length === 0) return call;
  const [path, query] = call.url.split('?');
  const segments = path!.split('/');
  segments[params[pick % params.length]!] = part;
  return { ...call, url: `${segments.join('/')}${query === undefined ? '' : `?${query}`}` };
});

const queryMutation: fc.Arbitrary<Mutation> = fc.tuple(queryKey, hostileUrlPart).map(([key, value]) => (_route, call) => ({
  ...call,
  url: `${call.url}${call.url.includes('?') ? '&' : '?'}${key}=${value}`,
}));

/** One to three hostile changes to a well-formed call; body changes only for routes that take a body. */
export function hostileCall(route: string, call: RouteCall): fc.Arbitrary<RouteCall> {
  const kinds = call.payload === undefined ? [paramMutation, queryMutation] : [fieldMutation, bodyMutation, paramMutation, queryMutation];
  return fc.array(fc.oneof(...kinds), { minLength: 1, maxLength: 3 }).map((mutations) => mutations.reduce((c, mutate) => mutate(route, c), call));
}
