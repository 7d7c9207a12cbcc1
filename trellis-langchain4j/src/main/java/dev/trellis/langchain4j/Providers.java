package dev.trellis.langchain4j;

import dev.langchain4j.model.ModelProvider;

/**
 * The provider a LangChain4j model says it is ({@code provider()}, LangChain4j's
 * {@link ModelProvider}), named as the OpenTelemetry GenAI conventions' {@code gen_ai.provider.name}
 * names it; null for {@code OTHER} and for a provider the conventions do not name.
 */
final class Providers {
  static final String OPENAI = "openai";

  private Providers() {
  }

  /** The provider {@code model} says it is, or null (unknown, or no model). */
  static String of(dev.langchain4j.model.chat.ChatModel model, dev.langchain4j.model.chat.StreamingChatModel streaming) {
    ModelProvider p;
    try {
      p = model != null ? model.provider() : streaming != null ? streaming.provider() : null;
    } catch (RuntimeException e) {
      return null; // a model that cannot say is one whose provider is unknown
    }
    return p == null ? null : switch (p) {
      case OPEN_AI -> OPENAI;
      case ANTHROPIC -> "anthropic";
      case AZURE_OPEN_AI -> "azure.ai.openai";
      case MICROSOFT_FOUNDRY -> "azure.ai.inference";
      case AMAZON_BEDROCK -> "aws.bedrock";
      case GOOGLE_AI_GEMINI -> "gcp.gemini";
      case GOOGLE_GENAI -> "gcp.gen_ai";
      case GOOGLE_VERTEX_AI_GEMINI, GOOGLE_VERTEX_AI_ANTHROPIC -> "gcp.vertex_ai";
      case MISTRAL_AI -> "mistral_ai";
      case COHERE -> "cohere";
      case WATSONX -> "ibm.watsonx.ai";
      case OLLAMA -> "ollama";
      default -> null;
    };
  }
}
