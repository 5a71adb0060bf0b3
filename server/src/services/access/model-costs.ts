import type { EndpointName, ModelCosts } from '@parley/core';
import type { AppContext } from '../../app/context.ts';
import { offeredModelLists, type ModelCaller } from '../models/offered-model.ts';
import { callPrice, tokenPrice } from './call-cost.ts';

/**
 * What one call to each model this caller is offered costs in quota (`callPrice`, the same price
 * the call is held and charged at), for the model picker. A model the operator prices by tokens
 * (QUOTA_TOKEN_PRICES) has no price per call and is left out.
 */
export async function modelCostLists(ctx: Pick<AppContext, 'env' | 'models' | 'businessSettings'>, caller: ModelCaller): Promise<ModelCosts> {
  const lists = await offeredModelLists(ctx, caller);
  const costs: ModelCosts = {};
  for (const [endpoint, models] of Object.entries(lists) as [EndpointName, string[]][]) {
    const perCall = models.filter((model) => !tokenPrice(ctx, endpoint, model));
    if (perCall.length > 0) costs[endpoint] = Object.fromEntries(perCall.map((model) => [model, callPrice(ctx, endpoint, model).cost]));
  }
  return costs;
}
