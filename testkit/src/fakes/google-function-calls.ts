import type { FakeToolCall } from './openai-tool-calls.ts';

interface Part {
  text?: string;
  functionCall?: { name?: string; args?: unknown };
  functionResponse?: { name?: string; response?: unknown };
  thoughtSignature?: string;
}

interface FunctionsBody {
  contents?: { role?: string; parts?: Part[] }[];
  tools?: { functionDeclarations?: { name?: string }[] }[];
}

const FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/** The signature a thinking Gemini model puts on its first function call of a turn, and wants back. */
const fakeThoughtSignature = 'CiQBVKhc7fake0signature0of0the0thinking';

/**
 * What the Gemini API refuses about function calling (its own wording): an invalid declared
 * name, a function-call turn not answered by as many `functionResponse` parts in the next turn,
 * a response turn after no call, and (thinking models) a call sent back without its thought signature.
 */
export function geminiFunctionProblem(body: FunctionsBody, thinking: boolean): string | undefined {
  for (const [i, tool] of (body.tools ?? []).entries()) {
    for (const [j, declaration] of (tool.functionDeclarations ?? []).entries()) {
      if (!declaration.name || !FUNCTION_NAME.test(declaration.name)) {
        return `* GenerateContentRequest.tools[${i}].function_declarations[${j}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64.\n`;
      }
    }
  }
  const contents = body.contents ?? [];
  for (const [i, content] of contents.entries()) {
    const parts = content.parts ?? [];
    const calls = parts.filter((p) => p.functionCall);
    const responses = parts.filter((p) => p.functionResponse);
    const previousCalls = (contents[i - 1]?.parts ?? []).filter((p) => p.functionCall);
    if (responses.length > 0 && previousCalls.length === 0) return 'Please ensure that function response turn comes immediately after a function call turn.';
    if (calls.length === 0) continue;
    if (thinking && !calls[0]!.thoughtSignature) {
      return `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${String(calls[0]!.functionCall!.name)}\` , position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`;
    }
    const answered = (contents[i + 1]?.parts ?? []).filter((p) => p.functionResponse).length;
    if (i + 1 < contents.length && answered !== calls.length) {
      return 'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.';
    }
  }
  return undefined;
}

/** The `functionCall` parts of the scripted calls; a thinking model signs the first. */
export const functionCallParts = (calls: FakeToolCall[], thinking: boolean): Part[] =>
  calls.map((c, n) => ({
    functionCall: { name: c.name, args: JSON.parse(c.arguments) as unknown },
    ...(thinking && n === 0 ? { thoughtSignature: fakeThoughtSignature } : {}),
  }));
