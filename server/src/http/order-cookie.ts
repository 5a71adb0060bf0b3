import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { Env } from '../config/env.ts';

/** A week: an order paid late still shows on its page in the browser that placed it. */
const ORDER_COOKIE_MS = 7 * 86_400_000;
const cookieName = (orderId: string) => `parley_order_${orderId}`;
const cookiePath = (orderId: string) => `/api/orders/${orderId}`;

/**
 * The secret that makes the order page the buying browser's alone: httpOnly, sent only to that
 * order's own API path, never to another page or another order's.
 */
export function setOrderCookie(env: Env, reply: FastifyReply, orderId: string, secret: string): void {
  reply.setCookie(cookieName(orderId), secret, {
    httpOnly: true,
    sameSite: 'strict',
    path: cookiePath(orderId),
    secure: reply.request.protocol === 'https' || (env.PUBLIC_URL?.startsWith('https:') ?? false),
    expires: new Date(Date.now() + ORDER_COOKIE_MS),
  });
}

export function readOrderCookie(request: FastifyRequest, orderId: string): string | undefined {
  return request.cookies[cookieName(orderId)] || undefined;
}
