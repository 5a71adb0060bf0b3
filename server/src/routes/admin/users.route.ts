import { addCreditsSchema, adminUsersQuerySchema, banUserSchema, deleteUserSchema, setRoleSchema, userIdParamSchema } from '@parley/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { adminOf } from '../../http/require-admin.ts';
import {
  banFromConsole,
  creditFromConsole,
  deleteFromConsole,
  listConsoleUsers,
  resetLinkFromConsole,
  setRoleFromConsole,
  unbanFromConsole,
  type ConsoleCaller,
} from '../../services/users/user-console.ts';

const callerOf = (request: FastifyRequest): ConsoleCaller => ({ actor: adminOf(request), ip: request.ip });
const idOf = (request: FastifyRequest) => userIdParamSchema.parse(request.params).id;

/** The console's Users section: list, ban and unban, reset link, credits, role, delete. */
export async function usersRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, env } = ctx;
  // A ban, a role or a deletion holds from the account's next request here (other instances re-read it within AUTH_USER_TTL_MS).
  const forgetting = async <T>(request: FastifyRequest, change: (id: string) => Promise<T>): Promise<T> => {
    const id = idOf(request);
    try {
      return await change(id);
    } finally {
      ctx.authUsers.forget(id);
    }
  };

  app.get('/users', async (request) => listConsoleUsers(db, adminUsersQuerySchema.parse(request.query ?? {})));

  app.post('/users/:id/ban', async (request) => forgetting(request, (id) => banFromConsole(db, callerOf(request), id, banUserSchema.parse(request.body ?? {}))));

  app.post('/users/:id/unban', async (request) => unbanFromConsole(db, callerOf(request), idOf(request)));

  app.post('/users/:id/role', async (request) => forgetting(request, (id) => setRoleFromConsole(db, callerOf(request), id, setRoleSchema.parse(request.body ?? {}).role)));

  app.post('/users/:id/credits', async (request) =>
    creditFromConsole(db, callerOf(request), idOf(request), addCreditsSchema.parse(request.body ?? {}).amount, env.START_BALANCE),
  );

  // The link is built on PUBLIC_URL; without it, on the address the admin reached the console at (theirs, not a stranger's).
  app.post('/users/:id/reset-link', async (request) =>
    resetLinkFromConsole(db, callerOf(request), idOf(request), env.PUBLIC_URL ?? `${request.protocol}://${request.host}`),
  );

  app.post('/users/:id/delete', async (request) => {
    await forgetting(request, (id) => deleteFromConsole(db, callerOf(request), id, deleteUserSchema.parse(request.body ?? {}).confirmEmail));
    return { deleted: true };
  });
}
