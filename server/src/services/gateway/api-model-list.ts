import { resolveModel, upstreamInfo, type AnthropicModelEntry, type EndpointName, type OpenAIModelEntry } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { endpointSettings } from '../endpoints/endpoint-settings.ts';
import type { GatewayCaller } from './gateway-caller.ts';
import { embeddingModelsFor } from './media-call.ts';
import { apiModels } from './model-route.ts';

/** One model the caller may use through the API, and who serves it. */
interface ApiModel {
  id: string;
  endpoint: EndpointName;
  label: string;
}

/** Every model the caller may call (chat, pictures, embeddings), in the menu's order. */
export async function listApiModels(ctx: AppContext, caller: GatewayCaller): Promise<ApiModel[]> {
  const [chat, image] = await Promise.all([apiModels(ctx, caller, 'chat'), apiModels(ctx, caller, 'image')]);
  const entries = [...chat, ...image, ...embeddingModelsFor(ctx, caller)];
  return entries.map(([id, endpoint]) => {
    const info = upstreamInfo(resolveModel(endpoint, id, endpointSettings(ctx.env, endpoint).aliases).upstreamId);
    return { id, endpoint, label: info?.label ?? id };
  });
}

/** The dates of the listed models are not known to Parley: the epoch says so rather than a made-up date. */
export const asOpenAIModel = (model: ApiModel): OpenAIModelEntry => ({ id: model.id, object: 'model', created: 0, owned_by: model.endpoint });

export const asAnthropicModel = (model: ApiModel): AnthropicModelEntry => ({ type: 'model', id: model.id, display_name: model.label, created_at: new Date(0).toISOString() });
