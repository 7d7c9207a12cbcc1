package dev.trellis.cli;

import dev.trellis.cli.config.TrellisConfig;
import dev.trellis.server.TrellisServer;
import dev.trellis.server.auth.Authenticator;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * The options {@code trellis serve} and {@code trellis dev} share. A command-line option wins over
 * the config file ({@code --db}/{@code --postgres} over {@code checkpointer}, {@code --api-key}
 * over {@code auth}, {@code --graphs} over {@code graph_dirs}).
 */
final class ServeOptions {
  @Option(names = "--config", description = "trellis.json naming the graphs to serve (default: the built-in one:"
      + " examples, the demo agent and every GraphProvider on the class path)")
  Path config;

  @Option(names = "--graphs", description = "directories or files of JSON graphs (default: $TRELLIS_EXAMPLES or ./examples)")
  List<File> graphs = new ArrayList<>();

  @Option(names = "--db", description = "SQLite file (embedded mode, default: trellis.db)")
  Path db;

  @Option(names = "--postgres", description = "PostgreSQL JDBC URL: share runs with other server processes")
  String postgres;

  @Option(names = "--host", defaultValue = "127.0.0.1",
      description = "interface to listen on (default 127.0.0.1, this machine only; 0.0.0.0 to expose it)")
  String host;

  @Option(names = "--port", description = "port (default 2024, LangGraph's; the next free one up to 2034 when it is taken)")
  Integer port;

  @Option(names = "--api-key", description = "KEY=USER: require x-api-key; repeat for several users")
  List<String> apiKeys = new ArrayList<>();

  @Option(names = "--worker-slots", defaultValue = "16", description = "runs this process executes at once")
  int slots;

  @Option(names = "--worker-id", description = "this process's worker id (default: random)")
  String workerId;

  @Option(names = "--lease-seconds", defaultValue = "10",
      description = "a claimed run stays this process's for this long without a heartbeat (sent every quarter of it); "
          + "after that another worker may take it over")
  int lease;

  @Option(names = "--grace-seconds", defaultValue = "30", description = "shutdown waits this long for running runs")
  int grace;

  @Option(names = "--log-format", defaultValue = "text", description = "text (one line per event) or json (one object per line)")
  String logFormat;

  @Option(names = "--max-state-size", defaultValue = "8388608",
      description = "largest saved checkpoint in bytes (default 8 MiB); a run whose state grows past it ends in error")
  long maxStateBytes;

  @Option(names = "--webhook-allow", description = "a host, IP address or CIDR range webhooks may reach although the"
      + " server refuses internal targets (loopback, localhost, link-local, private ranges); repeat for several; adds to"
      + " the config's webhooks.allow")
  List<String> webhookAllow = new ArrayList<>();

  @Option(names = "--keep-alive-ms", defaultValue = "5000",
      description = "an idle event stream gets a keep-alive comment line after this many milliseconds (default 5000)")
  long keepAliveMillis;

  @Option(names = "--otel-capture-content", description = "record message content (prompts, answers, tool arguments"
      + " and results) on the GenAI spans exported over OTLP; off by default, as content is often sensitive (same as"
      + " OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true)")
  boolean otelCaptureContent;

  /** The config file's name for messages. */
  String configName() {
    return config != null ? config.toString() : "the built-in config";
  }

  /** The config to serve: {@code --config}, or the built-in one (its examples from $TRELLIS_EXAMPLES when set); {@code --graphs} replace its graph_dirs. */
  TrellisConfig load() throws IOException {
    return load(config, graphs);
  }

  /** {@link #load()} for these options: {@code config} (null: the built-in one) with {@code graphs} (none: its own). */
  static TrellisConfig load(Path config, List<File> graphs) throws IOException {
    TrellisConfig c;
    if (config != null) {
      c = TrellisConfig.read(config);
    } else {
      c = TrellisConfig.defaults(Path.of(""));
      String env = System.getenv("TRELLIS_EXAMPLES");
      if (env != null) {
        c = c.withGraphDirs(List.of(Path.of(env).toAbsolutePath().toString()));
      }
    }
    if (!graphs.isEmpty()) {
      c = c.withGraphDirs(graphs.stream().map(f -> f.getAbsolutePath()).toList());
    }
    return c;
  }

  /** A server builder with these options and the config's checkpointer (the options win) and thread TTL. */
  TrellisServer.Builder builder(TrellisConfig c) {
    TrellisServer.Builder b = TrellisServer.builder().host(host).workerSlots(slots).maxStateBytes(maxStateBytes)
        .lease(Duration.ofSeconds(lease)).shutdownGrace(Duration.ofSeconds(grace))
        .keepAlive(Duration.ofMillis(keepAliveMillis));
    if (workerId != null) {
      b.workerId(workerId);
    }
    List<String> allow = new ArrayList<>(c.webhookAllow());
    allow.addAll(webhookAllow);
    b.webhookAllow(allow);
    b.defaultThreadTtl(c.threadTtl());
    b.storeTtl(c.storeTtl());
    String pg = postgres(c);
    return pg != null ? b.postgres(pg) : b.sqlite(sqlite(c));
  }

  /** The PostgreSQL URL served on, from {@code --postgres} or the config (unless {@code --db} names a SQLite file); null for SQLite. */
  String postgres(TrellisConfig c) {
    if (postgres != null) {
      return postgres;
    }
    return db == null && c.checkpointer() != null ? c.checkpointer().postgres() : null;
  }

  Path sqlite(TrellisConfig c) {
    if (db != null) {
      return db;
    }
    return c.checkpointer() != null && c.checkpointer().sqlite() != null ? c.checkpointer().sqlite() : Path.of("trellis.db");
  }

  /** The {@code --api-key} pairs as an authenticator; null without any. */
  Authenticator apiKeyAuthenticator() {
    if (apiKeys.isEmpty()) {
      return null;
    }
    Map<String, String> keys = new LinkedHashMap<>();
    for (String kv : apiKeys) {
      int eq = kv.indexOf('=');
      if (eq < 1) {
        throw new IllegalArgumentException("--api-key takes KEY=USER, got " + kv);
      }
      keys.put(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return Authenticator.apiKeys(keys);
  }
}
