package dev.trellis.cli;

import dev.trellis.cli.config.ConfigException;
import dev.trellis.cli.config.Dependencies;
import dev.trellis.cli.config.TrellisConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code trellis dev}: {@code trellis serve} in a child JVM, restarted when the config's
 * dependencies change (class directories, jars, a Maven project's {@code target/classes} and
 * {@code target/dependency}) — rebuild your project and the next request meets the new graphs —
 * and when the {@code trellis.json} (or its env file) says something new: graphs, auth, store,
 * env... A restart on classes waits until the files stop changing, so a build in progress is not
 * served half-done; an invalid config is reported and the last valid one keeps being served.
 */
@Command(name = "dev", mixinStandardHelpOptions = true,
    description = "Serve like 'serve', restarting the server when the config or the classes of its dependencies change.")
final class DevCommand implements Callable<Integer> {
  @Mixin
  ServeOptions options = new ServeOptions();

  @Option(names = "--poll-millis", defaultValue = "500", description = "how often the dependencies are checked for changes")
  long pollMillis;

  @Spec
  CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    TrellisConfig config;
    Dependencies deps;
    try {
      config = options.load();
      deps = Dependencies.of(config, options.configName());
    } catch (ConfigException e) {
      System.err.println("trellis dev: " + e.getMessage());
      return 2;
    }
    int port = options.port != null ? options.port : freePort(options.host);
    List<String> args = childArgs(CommandArgs.of(spec), port);
    System.out.println("trellis dev: watching " + watched(deps) + "; the server restarts when they change");
    Process[] current = {ServerProcess.serve(args, config.env()).start()};
    Runtime.getRuntime().addShutdownHook(new Thread(() -> ServerProcess.stop(current[0])));
    long seen = deps.fingerprint();
    boolean told = false;
    String badConfig = null;
    while (true) {
      Thread.sleep(pollMillis);
      if (!told && !current[0].isAlive()) {
        // e.g. a factory that throws: say so once, keep watching for the fix
        System.out.println("trellis dev: the server exited with code " + current[0].exitValue()
            + "; it restarts when the classes or the config change");
        told = true;
      }
      TrellisConfig latest;
      try {
        latest = options.config != null ? options.load() : config;
        badConfig = null;
      } catch (ConfigException | IOException e) {
        if (!e.getMessage().equals(badConfig)) {
          // e.g. a half-saved file: say so once per problem; the running server keeps serving the last good config
          System.out.println("trellis dev: " + e.getMessage() + "; still serving the last valid config");
          badConfig = e.getMessage();
        }
        continue;
      }
      String why;
      if (!latest.equals(config)) {
        config = latest;
        deps = Dependencies.of(config, options.configName());
        why = options.configName() + " changed";
      } else {
        long now = deps.fingerprint();
        if (now == seen) {
          continue;
        }
        // Let a build finish writing before restarting on its output.
        long settled;
        do {
          settled = now;
          Thread.sleep(pollMillis);
          now = deps.fingerprint();
        } while (now != settled);
        why = "classes changed";
      }
      seen = deps.fingerprint();
      told = false;
      System.out.println("trellis dev: " + why + "; restarting the server");
      ServerProcess.stop(current[0]);
      current[0] = ServerProcess.serve(args, config.env()).start();
    }
  }

  private String watched(Dependencies deps) {
    return options.config == null ? deps.roots().toString() : options.configName() + " and " + deps.roots();
  }

  /** The serve arguments of the child: this command's own, minus dev-only ones, on a fixed port. */
  static List<String> childArgs(List<String> own, int port) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < own.size(); i++) {
      String a = own.get(i);
      if (a.equals("--port") || a.equals("--poll-millis")) {
        i++;
      } else if (!a.startsWith("--port=") && !a.startsWith("--poll-millis=")) {
        out.add(a);
      }
    }
    out.add("--port");
    out.add(Integer.toString(port));
    return out;
  }

  /** 2024, or the next free port up to 2034 — chosen once so that restarts keep the address. */
  private static int freePort(String host) throws IOException {
    for (int p = 2024; p <= 2034; p++) {
      try (ServerSocket s = new ServerSocket()) {
        s.bind(new InetSocketAddress(InetAddress.getByName(host), p));
        return p;
      } catch (IOException taken) {
        System.err.println("port " + p + " is taken; trying " + (p + 1));
      }
    }
    throw new IOException("ports 2024-2034 are all taken; choose one with --port");
  }
}
