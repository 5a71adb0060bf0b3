/** The query of `GET /api/balance`: the chat refetches it after every reply, a paid order after payment. */
export const balanceQueryKey = ['balance'] as const;
