import { modelDisplayName } from '@parley/core';
import { useStartupConfig } from './use-startup-config.ts';

/** A model's name as the operator set it in the console's Models and prices, else the catalog's. */
export function useModelName(): (model: string) => string {
  const names = useStartupConfig().data?.modelDisplayNames;
  return (model) => names?.[model] ?? modelDisplayName(model);
}
