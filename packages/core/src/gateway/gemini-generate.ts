import { z } from 'zod';

/**
 * Gemini `generateContent` / `streamGenerateContent` requests as Parley reads them. Objects stay
 * loose: a Gemini model gets the body as it came; the translation to other models refuses what
 * it cannot express.
 */
const text = z.string().max(10_000_000);

const part = z.looseObject({
  text: text.optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  inlineData: z.looseObject({ mimeType: z.string().max(200), data: z.string() }).optional(),
  fileData: z.looseObject({ mimeType: z.string().max(200).optional(), fileUri: z.string().max(8192) }).optional(),
  functionCall: z.looseObject({ id: z.string().max(200).optional(), name: z.string().max(200), args: z.record(z.string(), z.unknown()).optional() }).optional(),
  functionResponse: z.looseObject({ id: z.string().max(200).optional(), name: z.string().max(200), response: z.record(z.string(), z.unknown()).optional() }).optional(),
});
export type GeminiPartInput = z.infer<typeof part>;

const content = z.looseObject({
  role: z.string().max(20).optional(),
  parts: z.array(part).max(10_000),
});
export type GeminiContentInput = z.infer<typeof content>;

const functionDeclaration = z.looseObject({
  name: z.string().min(1).max(200),
  description: z.string().max(100_000).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
  parametersJsonSchema: z.unknown().optional(),
});

export const geminiGenerateRequestSchema = z.looseObject({
  contents: z.array(content).min(1).max(100_000),
  systemInstruction: content.partial({ parts: true }).optional(),
  tools: z.array(z.looseObject({ functionDeclarations: z.array(functionDeclaration).max(1000).optional() })).max(100).optional(),
  toolConfig: z
    .looseObject({ functionCallingConfig: z.looseObject({ mode: z.string().max(40).optional(), allowedFunctionNames: z.array(z.string().max(200)).max(1000).optional() }).optional() })
    .optional(),
  safetySettings: z.array(z.looseObject({ category: z.string().max(80), threshold: z.string().max(80) })).max(50).optional(),
  generationConfig: z
    .looseObject({
      temperature: z.number().min(0).max(2).optional(),
      topP: z.number().min(0).max(1).optional(),
      topK: z.number().int().min(0).optional(),
      maxOutputTokens: z.number().int().positive().optional(),
      candidateCount: z.number().int().positive().optional(),
      stopSequences: z.array(z.string().max(1000)).max(16).optional(),
      presencePenalty: z.number().optional(),
      frequencyPenalty: z.number().optional(),
      seed: z.number().int().optional(),
      responseMimeType: z.string().max(100).optional(),
      responseSchema: z.record(z.string(), z.unknown()).optional(),
      responseJsonSchema: z.unknown().optional(),
      thinkingConfig: z.looseObject({ thinkingBudget: z.number().int().optional(), includeThoughts: z.boolean().optional(), thinkingLevel: z.string().max(20).optional() }).optional(),
    })
    .optional(),
});
export type GeminiGenerateRequest = z.infer<typeof geminiGenerateRequestSchema>;

/** `{model}:generateContent` or `{model}:streamGenerateContent`, as the path's last segment spells it. */
export const geminiModelActionSchema = z
  .string()
  .max(300)
  .regex(/^[A-Za-z0-9._-]{1,200}:(generateContent|streamGenerateContent|countTokens)$/);
