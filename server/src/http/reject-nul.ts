import { nulFieldMessage } from '@parley/core';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../app/errors.ts';

const NUL = '\u0000';

interface Visit {
  value: unknown;
  key?: string;
  parent?: Visit;
}

/** The dotted path of a visit, built only when a NUL is found so deep bodies stay linear to scan. */
function pathOf(visit: Visit | undefined): string {
  const keys: string[] = [];
  for (let at = visit; at?.key !== undefined; at = at.parent) keys.push(at.key.replaceAll(NUL, '\\u0000'));
  return keys.reverse().join('.') || '_';
}

/**
 * The dotted path of the first string (value or key) holding a NUL, or undefined. Iterative, so
 * a deeply nested body cannot overflow the stack; each value is visited once.
 */
export function findNul(value: unknown): string | undefined {
  const pending: Visit[] = [{ value }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (current.includes(NUL)) return pathOf(visit);
      continue;
    }
    if (!current || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      if (key.includes(NUL)) return pathOf({ value: child, key, parent: visit });
      pending.push({ value: child, key, parent: visit });
    }
  }
  return undefined;
}

/**
 * preValidation hook for every route: PostgreSQL text and jsonb cannot hold U+0000, so a NUL
 * anywhere in the route params, the query or the JSON body is a 400 here rather than a 500
 * from the database later, whichever route it reaches.
 */
export async function rejectNul(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const field = findNul(part);
    if (field === undefined) continue;
    throw new AppError('validation', 'Text may not contain the NUL character (U+0000).', { fields: { [field]: nulFieldMessage } });
  }
}
