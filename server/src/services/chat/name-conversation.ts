import { DEFAULT_TITLE, titleModelFor } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { findConversation, nameUntitledConversation } from '../conversations/conversation-store.ts';
import { endpointSettings, pluginsAccount } from '../endpoints/endpoint-settings.ts';
import { offersUpstreamOf } from '../models/offered-model.ts';
import type { Exchange } from './prepare-exchange.ts';
import { fallbackTitle, generateTitle } from './title.ts';

const userTextOf = (exchange: Exchange) => exchange.turns.findLast((t) => t.role === 'user')?.content ?? '';

/**
 * The small text model that names a first exchange (the catalog's `titleModel` of the
 * endpoint's provider, never an image model), run only when the endpoint offers the caller that
 * upstream model; none for an endpoint without one or a title model not offered.
 */
async function titleModelOf(ctx: AppContext, exchange: Exchange): Promise<string | undefined> {
  // gptPlugins runs on Azure's deployments with PLUGINS_USE_AZURE: its titles follow Azure's rule.
  const account = exchange.endpoint === 'gptPlugins' ? pluginsAccount(ctx.env) : exchange.endpoint;
  const model = titleModelFor(account, exchange.model, endpointSettings(ctx.env, exchange.endpoint).aliases);
  return model && (await offersUpstreamOf(ctx, exchange.endpoint, model, exchange.caller)) ? model : undefined;
}

/**
 * Names a new conversation after its first reply ended and answers the title it now has: the
 * title model's (within its 5 s), or the first words of the question when the reply was stopped,
 * cut, failed or empty (`replyText` null or blank), or there is no title model to call. A name
 * the user gave meanwhile is kept, and is the one answered.
 */
async function nameConversation(ctx: AppContext, exchange: Exchange, replyText: string | null): Promise<string> {
  const userText = userTextOf(exchange);
  const titleModel = replyText?.trim() ? await titleModelOf(ctx, exchange) : undefined;
  const title = titleModel
    ? await generateTitle(exchange.provider, { model: titleModel, ...exchange.credentials }, { userText, replyText: replyText! })
    : fallbackTitle(userText);
  const { userId, conversationId } = exchange;
  if (await nameUntitledConversation(ctx.db, userId, conversationId, title)) return title;
  ctx.log.debug({ conversationId }, 'conversation already named; its title is kept');
  return (await findConversation(ctx.db, userId, conversationId))?.title ?? title;
}

/**
 * The one place a new conversation's title is decided, written and sent: names it, then appends
 * the `title` frame, which is the stream's last unless an `error` still follows (a failed first
 * reply). A naming that fails still sends the title the conversation has (the default), so the
 * stream always ends.
 */
export async function sendTitle(ctx: AppContext, exchange: Exchange, streamId: string, replyText: string | null, last: boolean): Promise<void> {
  let title = DEFAULT_TITLE;
  try {
    title = await nameConversation(ctx, exchange, replyText);
  } catch (error) {
    ctx.log.warn({ err: error, conversationId: exchange.conversationId }, 'could not name the conversation');
  }
  await ctx.streams.append(streamId, { event: 'message', data: { conversationId: exchange.conversationId, title }, last });
}
