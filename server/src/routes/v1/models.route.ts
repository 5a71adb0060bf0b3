import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.ts';
import { AppError } from '../../app/errors.ts';
import { asAnthropicModel, asOpenAIModel, listApiModels } from '../../services/gateway/api-model-list.ts';
import { gatewayCallerOf } from './gateway-auth.ts';

const modelParams = z.object({ model: z.string().min(1).max(200) });

/** `GET /v1/models`: the models this key or token may use, as OpenAI lists them, or as Anthropic does when asked with `anthropic-version`. */
export async function modelsRoute(app: FastifyInstance, ctx: AppContext) {
  app.get('/models', async (request) => {
    const models = await listApiModels(ctx, await gatewayCallerOf(ctx, request));
    if (request.headers['anthropic-version'] === undefined) return { object: 'list', data: models.map(asOpenAIModel) };
    const data = models.map(asAnthropicModel);
    return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
  });

  app.get('/models/:model', async (request) => {
    const caller = await gatewayCallerOf(ctx, request);
    const { model } = modelParams.parse(request.params);
    const found = (await listApiModels(ctx, caller)).find((entry) => entry.id === model);
    if (!found) throw new AppError('model_not_found', `The model \`${model}\` does not exist or you do not have access to it.`, { model });
    return request.headers['anthropic-version'] === undefined ? asOpenAIModel(found) : asAnthropicModel(found);
  });
}
