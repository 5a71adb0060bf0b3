import { adminUserSchema, creditsAnswerSchema, resetLinkAnswerSchema, type AdminPage, type AdminUser, type BanUser } from '@parley/core';
import { z } from 'zod';
import { consoleGet, consoleSend, type ConsoleParams } from '../../components/console/console-api.ts';

const usersPageSchema: z.ZodType<AdminPage<AdminUser>> = z.object({ items: z.array(adminUserSchema), total: z.number() });

export const fetchUsersPage = (params: ConsoleParams) => consoleGet('users', usersPageSchema, params);
export const banUser = (id: string, input: BanUser) => consoleSend(`users/${id}/ban`, adminUserSchema, input);
export const unbanUser = (id: string) => consoleSend(`users/${id}/unban`, adminUserSchema);
export const setUserRole = (id: string, role: AdminUser['role']) => consoleSend(`users/${id}/role`, adminUserSchema, { role });
export const addCredits = (id: string, amount: number) => consoleSend(`users/${id}/credits`, adminUserSchema.or(creditsAnswerSchema), { amount });
export const resetLink = (id: string) => consoleSend(`users/${id}/reset-link`, resetLinkAnswerSchema);
export const deleteUser = (id: string, confirmEmail: string) => consoleSend(`users/${id}/delete`, z.object({ deleted: z.literal(true) }), { confirmEmail });
