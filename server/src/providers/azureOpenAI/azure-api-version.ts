/**
 * What Azure OpenAI's Chat Completions accepts at an api-version: reasoning models' fields came
 * in stages (Azure's API version history): `max_completion_tokens` with 2024-09-01-preview (so
 * the 2024-10-21 GA has it), the `developer` role and `reasoning_effort` with 2024-12-01-preview.
 * An older version answers 400 for them; the v1 API (`v1`, `latest`, `preview`) takes all three.
 */
export interface AzureChatFields {
  developerRole: boolean;
  reasoningEffort: boolean;
  maxCompletionTokens: boolean;
}

const since = (version: string, day: string) => {
  const dated = /^(\d{4}-\d{2}-\d{2})/.exec(version)?.[1];
  return dated === undefined || dated >= day;
};

export function azureChatFields(apiVersion: string): AzureChatFields {
  return {
    developerRole: since(apiVersion, '2024-12-01'),
    reasoningEffort: since(apiVersion, '2024-12-01'),
    maxCompletionTokens: since(apiVersion, '2024-09-01'),
  };
}
