package dev.trellis.client;

import java.net.http.HttpClient;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A client of a Trellis server — or of any server speaking LangGraph's API — shaped like
 * LangGraph's official SDKs: {@link #assistants()}, {@link #threads()}, {@link #runs()},
 * {@link #store()}, {@link #crons()}.
 *
 * <pre>{@code
 * TrellisClient client = TrellisClient.builder().url("http://127.0.0.1:2024").apiKey(key).build();
 * ThreadInfo thread = client.threads().create();
 * try (EventStream events = client.runs().stream(thread.threadId(),
 *     RunRequest.builder("agent").input(Map.of("name", "Ada")).streamMode(StreamMode.UPDATES).build())) {
 *   for (StreamEvent e : events) { ... }
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe; calls block the calling thread (run them on virtual threads for
 * concurrency). A refusal is a {@link TrellisApiException} with the server's {@code detail} and
 * {@code code}; a failed run a {@link RemoteRunException}; a transport failure an
 * {@link java.io.UncheckedIOException}.
 */
public final class TrellisClient {
  private final AssistantsClient assistants;
  private final ThreadsClient threads;
  private final RunsClient runs;
  private final StoreClient store;
  private final CronsClient crons;
  private final String url;

  private TrellisClient(Builder b) {
    Map<String, String> headers = new LinkedHashMap<>(b.headers);
    if (b.apiKey != null) {
      headers.put("x-api-key", b.apiKey);
    }
    HttpClient http = b.http != null ? b.http
        : HttpClient.newBuilder().connectTimeout(b.connectTimeout).version(HttpClient.Version.HTTP_1_1).build();
    Transport t = new Transport(http, b.url, headers, b.timeout);
    this.url = b.url;
    this.assistants = new AssistantsClient(t);
    this.threads = new ThreadsClient(t);
    this.runs = new RunsClient(t);
    this.store = new StoreClient(t);
    this.crons = new CronsClient(t);
  }

  /** A client of the server at {@code url}, no API key. */
  public static TrellisClient of(String url) {
    return builder().url(url).build();
  }

  public static Builder builder() {
    return new Builder();
  }

  /** The server's base URL. */
  public String url() {
    return url;
  }

  public AssistantsClient assistants() {
    return assistants;
  }

  public ThreadsClient threads() {
    return threads;
  }

  public RunsClient runs() {
    return runs;
  }

  public StoreClient store() {
    return store;
  }

  public CronsClient crons() {
    return crons;
  }

  /** Builds a {@link TrellisClient}. Not thread-safe. */
  public static final class Builder {
    private String url = "http://127.0.0.1:2024";
    private String apiKey;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private Duration timeout;
    private Duration connectTimeout = Duration.ofSeconds(10);
    private HttpClient http;

    private Builder() {}

    /** The server's base URL (default {@code http://127.0.0.1:2024}, where {@code trellis dev} listens). */
    public Builder url(String url) {
      if (url == null || !(url.startsWith("http://") || url.startsWith("https://"))) {
        throw new IllegalArgumentException("url must start with http:// or https://, got " + url);
      }
      this.url = url;
      return this;
    }

    /** Sent as {@code x-api-key} with every request (the server's {@code auth.api_keys}). */
    public Builder apiKey(String apiKey) {
      this.apiKey = apiKey;
      return this;
    }

    /** A header sent with every request (e.g. {@code Authorization}). */
    public Builder header(String name, String value) {
      headers.put(name, value);
      return this;
    }

    /** How long a non-streaming request may take (default: no limit, as {@code wait} and {@code join} last as long as the run). */
    public Builder timeout(Duration timeout) {
      this.timeout = timeout;
      return this;
    }

    /** How long connecting may take (default 10 s); ignored with {@link #httpClient}. */
    public Builder connectTimeout(Duration timeout) {
      this.connectTimeout = timeout;
      return this;
    }

    /** Your own HttpClient (proxy, TLS, executor). */
    public Builder httpClient(HttpClient http) {
      this.http = http;
      return this;
    }

    public TrellisClient build() {
      return new TrellisClient(this);
    }
  }
}
