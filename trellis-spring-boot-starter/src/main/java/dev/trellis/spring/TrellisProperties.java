package dev.trellis.spring;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Settings under {@code trellis.server}: whether and where the LangGraph API is served, who may
 * call it, how runs execute, and the store's TTLs and index. Defaults are the server's own.
 */
@ConfigurationProperties("trellis.server")
public class TrellisProperties {
  /** Whether to start the Trellis server and serve the application's graphs. */
  private boolean enabled = true;
  /** The path the LangGraph API is served under on the application's web server. */
  private String path = "/langgraph";
  /** How many runs this process executes at once. */
  private int workerSlots = 16;
  /** This process's worker id in the run queue (default: a random one per start). */
  private String workerId;
  /**
   * API keys and the user each belongs to (key = user); requests then carry {@code x-api-key} or
   * {@code Authorization: Bearer}, and each user sees only what they created. Empty: no authentication
   * (unless the application declares an {@code Authenticator} bean).
   */
  private Map<String, String> apiKeys = new LinkedHashMap<>();
  /** How long threads created without a TTL of their own live (deleted after it); default: for ever. */
  private Duration threadTtl;
  /** How long a run may take before it is stopped with status timeout. */
  private Duration runTimeout = Duration.ofHours(1);
  /** How long a claimed run stays this worker's without a heartbeat (runs of a dead process are requeued after it). */
  private Duration lease = Duration.ofSeconds(10);
  /** How long shutdown waits for running runs before handing them back to the queue. */
  private Duration shutdownGrace = Duration.ofSeconds(30);
  /** How long an event stream or a waiting request may stay silent before a keep-alive is written. */
  private Duration keepAlive = Duration.ofSeconds(5);
  /** Request bodies larger than this are refused with 413. */
  private DataSize maxBodySize = DataSize.ofMegabytes(10);
  /** The largest serialised checkpoint a thread may save; a run growing past it ends in error. */
  private DataSize maxStateSize = DataSize.ofMegabytes(8);
  /** Graph beans not to serve (e.g. a CompiledGraph bean that is only a subgraph of another), by bean name. */
  private List<String> excludeBeans = List.of();
  /**
   * Hosts, IP addresses or CIDR ranges run and cron webhooks may reach although the server refuses internal
   * targets (loopback, localhost, link-local, private ranges) by default.
   */
  private List<String> webhookAllow = List.of();
  /** The long-term memory store. */
  private final Store store = new Store();

  /** {@code trellis.server.store}: TTLs and semantic index of the store. */
  public static class Store {
    /** Time-to-live of store items (LangGraph's store.ttl). */
    private final Ttl ttl = new Ttl();
    /** Semantic search in the store. */
    private final Index index = new Index();

    public Ttl getTtl() {
      return ttl;
    }

    public Index getIndex() {
      return index;
    }
  }

  /** {@code trellis.server.store.ttl}. */
  public static class Ttl {
    /** How long an item put without a TTL of its own lives; default: for ever. */
    private Duration defaultTtl;
    /** Whether reading an item restarts its TTL (a read asking refresh_ttl=false never does). */
    private boolean refreshOnRead = true;
    /** How often expired items, already invisible to reads, are deleted. */
    private Duration sweepInterval = Duration.ofMinutes(1);

    public Duration getDefaultTtl() {
      return defaultTtl;
    }

    public void setDefaultTtl(Duration defaultTtl) {
      this.defaultTtl = defaultTtl;
    }

    public boolean isRefreshOnRead() {
      return refreshOnRead;
    }

    public void setRefreshOnRead(boolean refreshOnRead) {
      this.refreshOnRead = refreshOnRead;
    }

    public Duration getSweepInterval() {
      return sweepInterval;
    }

    public void setSweepInterval(Duration sweepInterval) {
      this.sweepInterval = sweepInterval;
    }
  }

  /** {@code trellis.server.store.index}: embedder is an {@code Embeddings} bean when there is one, else the hashing embedder. */
  public static class Index {
    /** Paths of the embedded text in each value ({@code $}: the whole value; {@code chapters[*].content}...). */
    private List<String> fields = List.of("$");
    /** Vector length of the built-in hashing embedder (ignored when an Embeddings bean is declared). */
    private int dims = 256;

    public List<String> getFields() {
      return fields;
    }

    public void setFields(List<String> fields) {
      this.fields = fields;
    }

    public int getDims() {
      return dims;
    }

    public void setDims(int dims) {
      this.dims = dims;
    }
  }

  public boolean isEnabled() {
    return enabled;
  }

  public void setEnabled(boolean enabled) {
    this.enabled = enabled;
  }

  public String getPath() {
    return path;
  }

  public void setPath(String path) {
    this.path = path;
  }

  public int getWorkerSlots() {
    return workerSlots;
  }

  public void setWorkerSlots(int workerSlots) {
    this.workerSlots = workerSlots;
  }

  public String getWorkerId() {
    return workerId;
  }

  public void setWorkerId(String workerId) {
    this.workerId = workerId;
  }

  public Map<String, String> getApiKeys() {
    return apiKeys;
  }

  public void setApiKeys(Map<String, String> apiKeys) {
    this.apiKeys = apiKeys;
  }

  public Duration getThreadTtl() {
    return threadTtl;
  }

  public void setThreadTtl(Duration threadTtl) {
    this.threadTtl = threadTtl;
  }

  public Duration getRunTimeout() {
    return runTimeout;
  }

  public void setRunTimeout(Duration runTimeout) {
    this.runTimeout = runTimeout;
  }

  public Duration getLease() {
    return lease;
  }

  public void setLease(Duration lease) {
    this.lease = lease;
  }

  public Duration getShutdownGrace() {
    return shutdownGrace;
  }

  public void setShutdownGrace(Duration shutdownGrace) {
    this.shutdownGrace = shutdownGrace;
  }

  public Duration getKeepAlive() {
    return keepAlive;
  }

  public void setKeepAlive(Duration keepAlive) {
    this.keepAlive = keepAlive;
  }

  public DataSize getMaxBodySize() {
    return maxBodySize;
  }

  public void setMaxBodySize(DataSize maxBodySize) {
    this.maxBodySize = maxBodySize;
  }

  public DataSize getMaxStateSize() {
    return maxStateSize;
  }

  public void setMaxStateSize(DataSize maxStateSize) {
    this.maxStateSize = maxStateSize;
  }

  public List<String> getExcludeBeans() {
    return excludeBeans;
  }

  public void setExcludeBeans(List<String> excludeBeans) {
    this.excludeBeans = excludeBeans;
  }

  public List<String> getWebhookAllow() {
    return webhookAllow;
  }

  public void setWebhookAllow(List<String> webhookAllow) {
    this.webhookAllow = webhookAllow;
  }

  public Store getStore() {
    return store;
  }
}
