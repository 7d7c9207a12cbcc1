// W10's scripted chat model for LangGraph: every call answers the same `count` tokens
// ("t0 ", "t1 ", ...) as fast as the caller takes them (no sleep), like Trellis's
// ScriptedTokens, so a client measures the path the tokens travel, not the model.
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, AIMessageChunk } from "@langchain/core/messages";
import { ChatGenerationChunk } from "@langchain/core/outputs";

export const TOKENS = 2000;
export const tokens = Array.from({ length: TOKENS }, (_, i) => `t${i} `);

export class ScriptedTokens extends BaseChatModel {
  _llmType() {
    return "scripted";
  }

  async _generate() {
    return { generations: [{ text: tokens.join(""), message: new AIMessage(tokens.join("")) }] };
  }

  async *_streamResponseChunks(_messages, _options, runManager) {
    for (const t of tokens) {
      const chunk = new ChatGenerationChunk({ text: t, message: new AIMessageChunk({ content: t }) });
      yield chunk;
      await runManager?.handleLLMNewToken(t, undefined, undefined, undefined, undefined, { chunk });
    }
  }
}
