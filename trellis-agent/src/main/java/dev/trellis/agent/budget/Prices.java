package dev.trellis.agent.budget;

import dev.trellis.agent.message.Message;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What models cost: per model name, a price per million input tokens and per million output
 * tokens; models without a price cost {@link #fallback}. Immutable; {@link #model} returns a copy.
 */
public final class Prices {
  /** Input and output prices per million tokens. */
  public record Price(double inputPerMillion, double outputPerMillion) {
    public Price {
      if (inputPerMillion < 0 || outputPerMillion < 0) {
        throw new IllegalArgumentException("prices cannot be negative");
      }
    }
  }

  /** No prices: every model is free (cost limits never trip). */
  public static final Prices NONE = new Prices(Map.of(), new Price(0, 0));

  private final Map<String, Price> byModel;
  private final Price fallback;

  private Prices(Map<String, Price> byModel, Price fallback) {
    this.byModel = Map.copyOf(byModel);
    this.fallback = fallback;
  }

  /** Prices with {@code model} priced at the given amounts per million tokens. */
  public Prices model(String model, double inputPerMillion, double outputPerMillion) {
    Map<String, Price> m = new LinkedHashMap<>(byModel);
    m.put(Objects.requireNonNull(model, "model"), new Price(inputPerMillion, outputPerMillion));
    return new Prices(m, fallback);
  }

  /** The price of models not listed. */
  public Prices fallback(double inputPerMillion, double outputPerMillion) {
    return new Prices(byModel, new Price(inputPerMillion, outputPerMillion));
  }

  public Price of(String model) {
    return byModel.getOrDefault(model, fallback);
  }

  /** What {@code usage} on {@code model} cost. */
  public double cost(String model, Message.Usage usage) {
    Price p = of(model);
    return (usage.inputTokens() * p.inputPerMillion() + usage.outputTokens() * p.outputPerMillion()) / 1_000_000.0;
  }
}
