import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.ts';
import { requireAdmin } from '../../http/require-admin.ts';
import { auditRoutes } from './audit.route.ts';
import { channelsRoutes } from './channels.route.ts';
import { operatorAuthRoutes } from './operator-auth.route.ts';
import { overviewRoutes } from './overview.route.ts';
import { sessionRoutes } from './session.route.ts';
import { usersRoutes } from './users.route.ts';
import { keysConsoleRoutes } from './keys.route.ts';
import { codesConsoleRoutes } from './codes.route.ts';
import { ordersConsoleRoutes } from './orders.route.ts';
import { usageConsoleRoutes } from './usage.route.ts';
import { settingsConsoleRoutes } from './settings.route.ts';

/** A console area: its routes, declared relative to `/api/admin` (`app.get('/users', …)`). */
type AdminArea = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/**
 * Every area of the operator console. Each registers its routes in a scope under `/api/admin`
 * whose preHandler is `requireAdmin`, so no console route can be reached by anyone but an admin.
 */
const adminAreas: AdminArea[] = [sessionRoutes, overviewRoutes, usersRoutes, channelsRoutes, keysConsoleRoutes, codesConsoleRoutes, ordersConsoleRoutes, usageConsoleRoutes, settingsConsoleRoutes, auditRoutes];

/** The console's API: the operator's sign-in (open to all, rate-limited) and the guarded areas. */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await operatorAuthRoutes(app, ctx);
  await app.register(
    async (scope) => {
      scope.addHook('preHandler', requireAdmin(ctx));
      for (const area of adminAreas) await area(scope, ctx);
    },
    { prefix: '/api/admin' },
  );
}
