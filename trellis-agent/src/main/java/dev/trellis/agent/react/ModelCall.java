package dev.trellis.agent.react;

import static dev.trellis.agent.react.ReactAgent.MODEL_CALLS;
import static dev.trellis.agent.react.ReactAgent.STRUCTURED_RESPONSE;
import static dev.trellis.agent.react.ReactAgent.TOKENS;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.graph.error.ErrorCode;
import dev.trellis.graph.error.TrellisException;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The agent's two model nodes, fixed when the agent is compiled (later builder changes do
 * not reach a compiled graph): the budgeted, streamed model turn and the final structured
 * answer.
 */
record ModelCall(ChatModel model, String prompt, List<ToolSpec> tools, Budget budget, Map<String, Object> responseSchema) {
  private static final ObjectMapper JSON = new ObjectMapper();

  @SuppressWarnings("unchecked")
  Update callModel(State state, Runtime rt) throws Exception {
    int calls = state.getOrDefault(MODEL_CALLS, 0);
    long tokens = state.getOrDefault(TOKENS, 0L);
    if (budget.maxModelCalls() > 0 && calls >= budget.maxModelCalls()) {
      throw new BudgetExceededException("model_calls", calls + " of " + budget.maxModelCalls() + " model calls used");
    }
    if (budget.maxTokens() > 0 && tokens >= budget.maxTokens()) {
      throw new BudgetExceededException("tokens", tokens + " of " + budget.maxTokens() + " tokens used");
    }
    double cost = tokens / 1000.0 * budget.costPerThousandTokens();
    if (budget.maxCost() > 0 && cost >= budget.maxCost()) {
      throw new BudgetExceededException("cost", String.format(Locale.ROOT, "%.4f of %.4f spent", cost,
          budget.maxCost()));
    }
    List<Message> request = new ArrayList<>();
    if (prompt != null) {
      request.add(Message.system(prompt));
    }
    request.addAll((List<Message>) state.get(Messages.KEY.name()));
    // Streamed so that tokens reach the run's `messages` stream as they arrive.
    ChatRequest chat = new ChatRequest(request, tools);
    Message.Ai ai = model.streamTo(chat, rt.chatModel(model.name(), chat.messages()));
    return Update.of(Messages.KEY, List.of(ai)).and(MODEL_CALLS, 1).and(TOKENS, ai.usage().total());
  }

  @SuppressWarnings("unchecked")
  Update structuredResponse(State state, Runtime rt) throws Exception {
    List<Message> request = new ArrayList<>((List<Message>) state.get(Messages.KEY.name()));
    request.add(Message.system("Answer now with one JSON object that follows this JSON schema, and nothing else: "
        + JSON.writeValueAsString(responseSchema)));
    Message.Ai ai = model.chat(new ChatRequest(request, List.of(), responseSchema));
    String text = ai.text().strip();
    if (text.startsWith("```")) {
      text = text.replaceAll("^```(json)?\\s*", "").replaceAll("\\s*```$", "");
    }
    try {
      Map<String, Object> parsed = JSON.readValue(text, Map.class);
      return Update.of(STRUCTURED_RESPONSE, parsed).and(MODEL_CALLS, 1).and(TOKENS, ai.usage().total());
    } catch (JsonProcessingException e) {
      throw new TrellisException(ErrorCode.STRUCTURED_RESPONSE, "the model's structured answer is not a JSON object: " + ai.text());
    }
  }
}
