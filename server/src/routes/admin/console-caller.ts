import type { FastifyRequest } from 'fastify';
import { adminOf } from '../../http/require-admin.ts';
import type { ConsoleCaller } from '../../services/users/user-console.ts';

/** Who makes a console call and from where, as the audit log records it. */
export const consoleCallerOf = (request: FastifyRequest): ConsoleCaller => ({ actor: adminOf(request), ip: request.ip });
