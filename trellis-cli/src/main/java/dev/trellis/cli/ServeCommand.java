package dev.trellis.cli;

import dev.trellis.cli.config.ConfigException;
import dev.trellis.cli.config.Dependencies;
import dev.trellis.cli.config.ServedGraphs;
import dev.trellis.cli.config.TrellisConfig;
import dev.trellis.server.TrellisServer;
import dev.trellis.server.auth.Authenticator;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code trellis serve}: the LangGraph-compatible server over the graphs a {@code trellis.json}
 * names ({@code --config}); without one, over the built-in config — the JSON graphs of the
 * examples directory, the offline demo {@code agent} and every {@code GraphProvider} on the class
 * path (the reference applications) — on SQLite by default or PostgreSQL. When the config sets
 * {@code env} the server runs in a child JVM started with those variables.
 */
@Command(name = "serve", mixinStandardHelpOptions = true,
    description = "Serve graphs over LangGraph's HTTP API (assistants, threads, runs with SSE, store).")
final class ServeCommand implements Callable<Integer> {
  @Mixin
  ServeOptions options = new ServeOptions();

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    LogFormat.apply(options.logFormat, System.out);
    TrellisConfig config;
    try {
      config = options.load();
      if (!ServerProcess.hasEnv(config.env())) {
        return ServerProcess.runToEnd(ServerProcess.serve(CommandArgs.of(spec), config.env()));
      }
      return serve(config);
    } catch (ConfigException | IllegalArgumentException e) {
      System.err.println("trellis serve: " + e.getMessage());
      return 2;
    }
  }

  private int serve(TrellisConfig config) throws InterruptedException {
    String name = options.configName();
    ClassLoader loader = Dependencies.of(config, name).loader(ServeCommand.class.getClassLoader());
    ServedGraphs served = ServedGraphs.resolve(config, loader, name);
    TrellisServer.Builder b = served.applyTo(options.builder(config));
    Authenticator keys = options.apiKeyAuthenticator();
    if (keys != null) {
      b.authenticator(keys);
    }
    if (options.otelCaptureContent) {
      OtlpExport.captureMessageContent();
    }
    var otel = OtlpExport.apply(b, System.getenv());
    if (options.otelCaptureContent && otel == null) {
      System.err.println("trellis serve: --otel-capture-content has no effect: nothing is exported without"
          + " OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)");
    }
    OtlpExport.installGlobal(otel);
    TrellisServer server;
    try {
      server = start(b);
    } catch (RuntimeException e) {
      served.close(); // MCP servers a graph started while the server was being built
      throw e;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      System.out.println("trellis server stopping (worker " + server.workerId() + ")");
      server.close();
      served.close(); // after the server: no run uses an MCP tool any more
      if (otel != null) {
        otel.close();
      }
      System.out.println("trellis server stopped");
      System.out.flush();
      stopped.countDown();
    }));
    String host = options.host;
    String pg = options.postgres(config);
    System.out.println("trellis server on http://" + host + ":" + server.port() + " (" + (pg != null ? "PostgreSQL"
        : "SQLite " + options.sqlite(config)) + ", worker " + server.workerId() + ") serving graphs " + served.ids());
    System.out.println("Trellis Studio: http://" + host + ":" + server.port() + "/studio/");
    System.out.flush();
    stopped.await();
    return 0;
  }

  /**
   * Starts on the given port, or on 2024 — or the next free port up to 2034 when 2024 is taken. A
   * port that cannot be listened on is the user's input: {@link IllegalArgumentException}, one line.
   */
  private TrellisServer start(TrellisServer.Builder b) {
    if (options.port != null) {
      try {
        return b.port(options.port).start();
      } catch (IllegalStateException e) {
        throw new IllegalArgumentException(e.getMessage(), e);
      }
    }
    IllegalStateException last = null;
    for (int p = 2024; p <= 2034; p++) {
      try {
        if (!free(options.host, p)) { // asked first, so the HTTP server does not log a failed start for a taken port
          throw new IllegalStateException("cannot listen on " + options.host + ":" + p + " (port already in use)");
        }
        return b.port(p).start();
      } catch (IllegalStateException e) {
        System.err.println("port " + p + " is taken; trying " + (p + 1));
        last = e;
      }
    }
    throw new IllegalArgumentException(last.getMessage(), last);
  }

  /** Whether nothing listens on {@code host:port} now (another process may still take it before the server does). */
  private static boolean free(String host, int port) {
    try (java.net.ServerSocket s = new java.net.ServerSocket()) {
      s.setReuseAddress(true);
      s.bind(new java.net.InetSocketAddress(host, port));
      return true;
    } catch (java.io.IOException e) {
      return false;
    }
  }
}
