import { examplesOf, sendableExamples } from './examples.ts';
import type { EndpointOptionValues } from './option-paths.ts';

/** What an ask carries: the chosen options, with Google example pairs missing a side left out (SPEC point 4). */
export function sendableOptions(options: EndpointOptionValues): EndpointOptionValues {
  if (!Array.isArray(options.examples)) return options;
  return { ...options, examples: sendableExamples(examplesOf(options.examples)) };
}
