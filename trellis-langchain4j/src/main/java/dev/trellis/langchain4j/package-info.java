/**
 * Adapters from LangChain4j to Trellis's agent SPIs: any LangChain4j chat model as a
 * {@link dev.trellis.agent.model.ChatModel}, embedding models as the store's embeddings, {@code @Tool}
 * methods and Model Context Protocol servers as agent tools.
 */
package dev.trellis.langchain4j;
