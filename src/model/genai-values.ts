/**
 * The values (classes, enums) of `@google/genai` the code uses at run time, taken from the SDK's
 * web build: its Node build evaluates Google's auth library and a WebSocket client on load, which
 * only Vertex AI with Application Default Credentials needs (see genai-generator.ts). The two
 * builds declare the same API; the types stay the package's own, so every file names one type.
 */
// The compiler sees the web build's declarations as the same types, so it calls these assertions
// unnecessary; the lint rules for enums and class instances compare where a type was declared,
// and need the package's own.
/* eslint-disable @typescript-eslint/no-unnecessary-type-assertion */
import type * as genai from '@google/genai';
import * as web from '@google/genai/web';

export const FinishReason = web.FinishReason as unknown as typeof genai.FinishReason;
export const ThinkingLevel = web.ThinkingLevel as unknown as typeof genai.ThinkingLevel;
export const UrlRetrievalStatus =
  web.UrlRetrievalStatus as unknown as typeof genai.UrlRetrievalStatus;
export const GenerateContentResponse =
  web.GenerateContentResponse as unknown as typeof genai.GenerateContentResponse;
export const GenerateContentResponseUsageMetadata =
  web.GenerateContentResponseUsageMetadata as unknown as typeof genai.GenerateContentResponseUsageMetadata;
export const CountTokensResponse =
  web.CountTokensResponse as unknown as typeof genai.CountTokensResponse;
export const EmbedContentResponse =
  web.EmbedContentResponse as unknown as typeof genai.EmbedContentResponse;

// Each name is also its type, as with the package's own exports.
export type FinishReason = genai.FinishReason;
export type ThinkingLevel = genai.ThinkingLevel;
export type UrlRetrievalStatus = genai.UrlRetrievalStatus;
export type GenerateContentResponse = genai.GenerateContentResponse;
export type GenerateContentResponseUsageMetadata = genai.GenerateContentResponseUsageMetadata;
export type CountTokensResponse = genai.CountTokensResponse;
export type EmbedContentResponse = genai.EmbedContentResponse;
