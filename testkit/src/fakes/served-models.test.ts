import { embeddingModels, isRetired, upstreamModels } from '@parley/core';
import { describe, expect, it } from 'vitest';
import { servedEmbeddingModel, servedModel, servedModels, servedModelsCheckedOn, servedOn } from './served-models.ts';

describe("the fakes' record of what each service serves", () => {
  const today = new Date();

  it('covers every model the catalog calls current: a catalog id no service serves fails here', () => {
    const unserved = [...upstreamModels.values()]
      .filter((info) => !isRetired(info, today))
      .filter((info) => !servedOn(info.provider, today).some((m) => m.id === info.id))
      .map((info) => `${info.provider}: ${info.id}`);
    expect(unserved).toEqual([]);
  });

  it("agrees with the catalog's shutdown days, so neither side keeps calling a model the other retired", () => {
    const disagreeing = [...upstreamModels.values()]
      .filter((info) => servedModel(info.id) && servedModel(info.id)!.shutdownDate !== info.retires)
      .map((info) => `${info.id}: catalog ${info.retires ?? 'none'}, served list ${servedModel(info.id)!.shutdownDate ?? 'none'}`);
    expect(disagreeing).toEqual([]);
  });

  it('is dated and lists ids once, each with a context window', () => {
    expect(servedModelsCheckedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const ids = Object.values(servedModels).flatMap((list) => list.map((m) => m.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const list of Object.values(servedModels)) for (const m of list) expect(m.contextWindow, m.id).toBeGreaterThan(0);
  });

  it("serves every embedding model the catalog offers, with the catalog's vector length", () => {
    const disagreeing = embeddingModels
      .filter((info) => servedEmbeddingModel(info.id)?.dimensions !== info.dimensions || servedEmbeddingModel(info.id)?.shortens !== info.shortens)
      .map((info) => info.id);
    expect(disagreeing).toEqual([]);
  });

  it('drops a model from its shutdown day on', () => {
    expect(servedOn('openai', new Date('2026-10-22T12:00:00Z')).map((m) => m.id)).toContain('o3-mini');
    expect(servedOn('openai', new Date('2026-10-23T00:00:00Z')).map((m) => m.id)).not.toContain('o3-mini');
  });
});
