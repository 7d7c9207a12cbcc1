package dev.trellis.cli.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.checkpoint.store.StoreTtl;
import dev.trellis.cli.config.TrellisConfig.Auth;
import dev.trellis.cli.config.TrellisConfig.Checkpointer;
import dev.trellis.cli.config.TrellisConfig.StoreIndex;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Parses a {@code trellis.json} once, at the edge, into a {@link TrellisConfig}, collecting every
 * problem with the field it is about. The field names and shapes are those of
 * {@code docs/trellis.schema.json} ({@code ConfigSchemaTest} keeps the two in step).
 */
final class ConfigReader {
  static final Set<String> TOP = Set.of("$schema", "graphs", "graph_dirs", "discover_providers", "dependencies", "env",
      "store", "auth", "checkpointer", "thread_ttl_minutes", "webhooks", "mcp_servers");
  static final Set<String> GRAPH = Set.of("path", "description", "mcp_servers");
  static final Set<String> MCP_STDIO = Set.of("transport", "command", "args", "env");
  static final Set<String> MCP_HTTP = Set.of("transport", "url", "headers");
  static final Set<String> WEBHOOKS = Set.of("allow");
  static final Set<String> STORE = Set.of("index", "ttl");
  static final Set<String> STORE_TTL = Set.of("default_ttl", "refresh_on_read", "sweep_interval_minutes");
  static final Set<String> INDEX = Set.of("embed", "dims", "fields");
  static final Set<String> AUTH = Set.of("api_keys", "authenticator");
  static final Set<String> CHECKPOINTER = Set.of("sqlite", "postgres");
  /** A graph id: what clients pass as {@code assistant_id} or {@code graph_id}. */
  private static final Pattern GRAPH_ID = Pattern.compile("[A-Za-z0-9_.-]+");
  private static final Pattern JAVA_NAME = Pattern.compile("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)*(#[A-Za-z_$][\\w$]*)?");
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String source;
  private final Path base;
  private final List<String> problems = new ArrayList<>();

  ConfigReader(String source, Path base) {
    this.source = source;
    this.base = base;
  }

  TrellisConfig read(String text) {
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (JsonProcessingException e) {
      throw new ConfigException(source, List.of("not JSON: " + e.getOriginalMessage() + " at line "
          + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()));
    }
    if (root == null || !root.isObject()) {
      throw new ConfigException(source, List.of("(root) must be a JSON object"));
    }
    fields(root, "", TOP);
    Map<String, TrellisConfig.McpServer> mcpServers = mcpServers(root.get("mcp_servers"));
    Map<String, TrellisConfig.GraphOptions> graphOptions = new LinkedHashMap<>();
    Map<String, String> graphs = graphs(root.get("graphs"), graphOptions, mcpServers.keySet());
    List<String> dirs = strings(root.get("graph_dirs"), "graph_dirs");
    JsonNode discover = root.get("discover_providers");
    if (discover != null && !discover.isBoolean()) {
      problems.add("discover_providers: must be true or false, got " + discover);
    }
    boolean providers = discover != null && discover.asBoolean();
    if (graphs.isEmpty() && dirs.isEmpty() && !providers && problems.isEmpty()) {
      problems.add("graphs: name at least one graph (or set graph_dirs or discover_providers)");
    }
    List<String> deps = strings(root.get("dependencies"), "dependencies");
    Map<String, String> env = env(root.get("env"));
    StoreIndex index = store(root.get("store"));
    StoreTtl storeTtl = storeTtl(root.get("store"));
    Auth auth = auth(root.get("auth"));
    Checkpointer checkpointer = checkpointer(root.get("checkpointer"));
    java.time.Duration ttl = null;
    JsonNode minutes = root.get("thread_ttl_minutes");
    if (minutes != null) {
      if (!minutes.isNumber() || minutes.asDouble() <= 0) {
        problems.add("thread_ttl_minutes: must be a positive number of minutes, got " + minutes);
      } else {
        ttl = java.time.Duration.ofMillis(Math.round(minutes.asDouble() * 60_000));
      }
    }
    List<String> webhookAllow = webhooks(root.get("webhooks"));
    if (!problems.isEmpty()) {
      throw new ConfigException(source, problems);
    }
    return new TrellisConfig(base, graphs, dirs, providers, deps, env, index, auth, checkpointer, ttl, storeTtl,
        webhookAllow, graphOptions, mcpServers);
  }

  /** {@code webhooks.allow}: hosts, addresses or CIDR ranges, each checked as the server will read it. */
  private List<String> webhooks(JsonNode node) {
    if (node == null || !object(node, "webhooks")) {
      return List.of();
    }
    fields(node, "webhooks.", WEBHOOKS);
    List<String> allow = strings(node.get("allow"), "webhooks.allow");
    for (int i = 0; i < allow.size(); i++) {
      try {
        dev.trellis.server.TrellisServer.builder().webhookAllow(List.of(allow.get(i)));
      } catch (IllegalArgumentException e) {
        problems.add("webhooks.allow[" + i + "]: " + e.getMessage());
      }
    }
    return allow;
  }

  private Map<String, String> graphs(JsonNode node, Map<String, TrellisConfig.GraphOptions> options,
                                     Set<String> servers) {
    Map<String, String> out = new LinkedHashMap<>();
    if (node == null) {
      return out;
    }
    if (!node.isObject()) {
      problems.add("graphs: must be an object of graph id → source, got " + node);
      return out;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String field = "graphs." + e.getKey();
      if (!GRAPH_ID.matcher(e.getKey()).matches()) {
        problems.add(field + ": a graph id may hold letters, digits, '_', '.' and '-' only");
      }
      JsonNode v = e.getValue();
      if (v.isObject()) {
        fields(v, field + ".", GRAPH);
        JsonNode description = v.get("description");
        if (description != null && !description.isTextual()) {
          problems.add(field + ".description: must be a string, got " + description);
        }
        List<String> uses = strings(v.get("mcp_servers"), field + ".mcp_servers");
        for (String name : uses) {
          if (!servers.contains(name)) {
            problems.add(field + ".mcp_servers: no MCP server \"" + name + "\" in mcp_servers (servers: "
                + String.join(", ", servers) + ")");
          }
        }
        options.put(e.getKey(), new TrellisConfig.GraphOptions(description == null ? null : description.asText(), uses));
        field += ".path";
        v = v.get("path") == null ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : v.get("path");
      }
      if (!v.isTextual() || v.asText().isBlank()) {
        problems.add(field + ": must be \"pkg.Class#method\", \"pkg.ProviderClass\" or a path to a *.json graph, got " + v);
        continue;
      }
      String src = v.asText();
      if (!src.endsWith(".json") && !JAVA_NAME.matcher(src).matches()) {
        problems.add(field + ": \"" + src + "\" is neither a Java name (pkg.Class or pkg.Class#method) nor a *.json graph file");
        continue;
      }
      out.put(e.getKey(), src);
    }
    return out;
  }

  /** {@code mcp_servers}: name → a stdio command or a streamable HTTP URL, as MultiServerMCPClient's connections. */
  private Map<String, TrellisConfig.McpServer> mcpServers(JsonNode node) {
    Map<String, TrellisConfig.McpServer> out = new LinkedHashMap<>();
    if (node == null || !object(node, "mcp_servers")) {
      return out;
    }
    node.fields().forEachRemaining(e -> {
      String field = "mcp_servers." + e.getKey();
      JsonNode s = e.getValue();
      if (!object(s, field)) {
        return;
      }
      JsonNode transport = s.get("transport");
      String kind = transport != null ? transport.asText() : s.has("url") ? "streamable_http" : "stdio";
      if (kind.equals("http")) {
        kind = "streamable_http";
      }
      if (transport != null && (!transport.isTextual() || !List.of("stdio", "streamable_http").contains(kind))) {
        problems.add(field + ".transport: must be \"stdio\" or \"streamable_http\", got " + transport);
        return;
      }
      if (kind.equals("stdio")) {
        fields(s, field + ".", MCP_STDIO);
        JsonNode command = s.get("command");
        if (command == null || !command.isTextual() || command.asText().isBlank()) {
          problems.add(field + ".command: a stdio server needs its command (e.g. \"npx\"), got " + command);
          return;
        }
        List<String> line = new ArrayList<>(List.of(command.asText()));
        line.addAll(strings(s.get("args"), field + ".args"));
        out.put(e.getKey(), new TrellisConfig.McpServer(kind, line, textMap(s.get("env"), field + ".env"), null, Map.of()));
      } else {
        fields(s, field + ".", MCP_HTTP);
        JsonNode url = s.get("url");
        if (url == null || !url.isTextual() || !url.asText().matches("https?://.+")) {
          problems.add(field + ".url: a streamable_http server needs its http(s) URL, got " + url);
          return;
        }
        out.put(e.getKey(), new TrellisConfig.McpServer(kind, List.of(), Map.of(), url.asText(),
            textMap(s.get("headers"), field + ".headers")));
      }
    });
    return out;
  }

  private Map<String, String> textMap(JsonNode node, String field) {
    Map<String, String> out = new LinkedHashMap<>();
    if (node == null || !object(node, field)) {
      return out;
    }
    node.fields().forEachRemaining(e -> {
      if (!e.getValue().isTextual()) {
        problems.add(field + "." + e.getKey() + ": must be a string, got " + e.getValue());
      } else {
        out.put(e.getKey(), e.getValue().asText());
      }
    });
    return out;
  }

  private Map<String, String> env(JsonNode node) {
    if (node == null) {
      return Map.of();
    }
    if (node.isTextual()) {
      Path file = base.resolve(node.asText()).normalize();
      try {
        return EnvFile.read(file);
      } catch (java.io.IOException e) {
        problems.add("env: cannot read env file " + file + " (" + e.getMessage() + ")");
      } catch (IllegalArgumentException e) {
        problems.add("env: " + file + ": " + e.getMessage());
      }
      return Map.of();
    }
    if (!node.isObject()) {
      problems.add("env: must be a path to an env file or an object of NAME → value, got " + node);
      return Map.of();
    }
    Map<String, String> out = new LinkedHashMap<>();
    node.fields().forEachRemaining(e -> {
      if (!e.getValue().isValueNode() || e.getValue().isNull()) {
        problems.add("env." + e.getKey() + ": must be a string, number or boolean, got " + e.getValue());
      } else {
        out.put(e.getKey(), e.getValue().asText());
      }
    });
    return out;
  }

  private StoreIndex store(JsonNode node) {
    if (node == null || !object(node, "store")) {
      return null;
    }
    fields(node, "store.", STORE);
    JsonNode index = node.get("index");
    if (index == null || !object(index, "store.index")) {
      return null;
    }
    fields(index, "store.index.", INDEX);
    JsonNode embed = index.get("embed");
    if (embed == null || !embed.isTextual() || !(embed.asText().equals("hashing") || JAVA_NAME.matcher(embed.asText()).matches())) {
      problems.add("store.index.embed: must be \"hashing\" or an Embeddings class (pkg.Class or pkg.Class#method), got "
          + embed);
    }
    JsonNode dims = index.get("dims");
    if (dims != null && !(dims.isInt() && dims.asInt() > 0)) {
      problems.add("store.index.dims: must be a positive integer, got " + dims);
    }
    List<String> fields = strings(index.get("fields"), "store.index.fields");
    return new StoreIndex(embed == null ? "hashing" : embed.asText(), dims == null ? null : dims.asInt(), fields);
  }

  /** {@code store.ttl}: LangGraph's store TTL settings, minutes as numbers. */
  private StoreTtl storeTtl(JsonNode store) {
    JsonNode node = store == null || !store.isObject() ? null : store.get("ttl");
    if (node == null || !object(node, "store.ttl")) {
      return StoreTtl.DEFAULT;
    }
    fields(node, "store.ttl.", STORE_TTL);
    StoreTtl out = StoreTtl.DEFAULT;
    JsonNode ttl = node.get("default_ttl");
    if (ttl != null && !ttl.isNull()) {
      if (!ttl.isNumber() || ttl.asDouble() <= 0) {
        problems.add("store.ttl.default_ttl: must be a positive number of minutes, got " + ttl);
      } else {
        out = out.withDefaultTtl(minutes(ttl));
      }
    }
    JsonNode refresh = node.get("refresh_on_read");
    if (refresh != null) {
      if (!refresh.isBoolean()) {
        problems.add("store.ttl.refresh_on_read: must be true or false, got " + refresh);
      } else {
        out = out.withRefreshOnRead(refresh.asBoolean());
      }
    }
    JsonNode sweep = node.get("sweep_interval_minutes");
    if (sweep != null) {
      if (!sweep.isNumber() || sweep.asDouble() <= 0) {
        problems.add("store.ttl.sweep_interval_minutes: must be a positive number of minutes, got " + sweep);
      } else {
        out = out.withSweepInterval(minutes(sweep));
      }
    }
    return out;
  }

  private static java.time.Duration minutes(JsonNode n) {
    return java.time.Duration.ofMillis(Math.round(n.asDouble() * 60_000));
  }

  private Auth auth(JsonNode node) {
    if (node == null || !object(node, "auth")) {
      return null;
    }
    fields(node, "auth.", AUTH);
    JsonNode keys = node.get("api_keys");
    JsonNode cls = node.get("authenticator");
    if ((keys == null) == (cls == null)) {
      problems.add("auth: set exactly one of api_keys and authenticator");
      return null;
    }
    if (cls != null) {
      if (!cls.isTextual() || !JAVA_NAME.matcher(cls.asText()).matches() || cls.asText().contains("#")) {
        problems.add("auth.authenticator: must be a class name implementing dev.trellis.server.auth.Authenticator, got " + cls);
      }
      return new Auth(null, cls.asText());
    }
    if (!keys.isObject() || keys.isEmpty()) {
      problems.add("auth.api_keys: must be a non-empty object of key → user, got " + keys);
      return null;
    }
    Map<String, String> map = new LinkedHashMap<>();
    keys.fields().forEachRemaining(e -> {
      if (!e.getValue().isTextual() || e.getValue().asText().isBlank()) {
        problems.add("auth.api_keys." + e.getKey() + ": must be the user's name, got " + e.getValue());
      } else {
        map.put(e.getKey(), e.getValue().asText());
      }
    });
    return new Auth(map, null);
  }

  private Checkpointer checkpointer(JsonNode node) {
    if (node == null || !object(node, "checkpointer")) {
      return null;
    }
    fields(node, "checkpointer.", CHECKPOINTER);
    JsonNode sqlite = node.get("sqlite");
    JsonNode pg = node.get("postgres");
    if ((sqlite == null) == (pg == null)) {
      problems.add("checkpointer: set exactly one of sqlite (a file) and postgres (a JDBC URL)");
      return null;
    }
    if (sqlite != null) {
      if (!sqlite.isTextual() || sqlite.asText().isBlank()) {
        problems.add("checkpointer.sqlite: must be a file path, got " + sqlite);
        return null;
      }
      return new Checkpointer(base.resolve(sqlite.asText()).normalize(), null);
    }
    if (!pg.isTextual() || !pg.asText().startsWith("jdbc:postgresql:")) {
      problems.add("checkpointer.postgres: must be a JDBC URL starting jdbc:postgresql:, got " + pg);
      return null;
    }
    return new Checkpointer(null, pg.asText());
  }

  private boolean object(JsonNode node, String field) {
    if (!node.isObject()) {
      problems.add(field + ": must be an object, got " + node);
      return false;
    }
    return true;
  }

  private List<String> strings(JsonNode node, String field) {
    List<String> out = new ArrayList<>();
    if (node == null) {
      return out;
    }
    if (!node.isArray()) {
      problems.add(field + ": must be a list of strings, got " + node);
      return out;
    }
    for (int i = 0; i < node.size(); i++) {
      JsonNode v = node.get(i);
      if (!v.isTextual() || v.asText().isBlank()) {
        problems.add(field + "[" + i + "]: must be a non-empty string, got " + v);
      } else {
        out.add(v.asText());
      }
    }
    return out;
  }

  private void fields(JsonNode node, String prefix, Set<String> known) {
    node.fieldNames().forEachRemaining(name -> {
      if (!known.contains(name)) {
        problems.add(prefix + name + ": unknown field (known: " + String.join(", ", new java.util.TreeSet<>(known)) + ")");
      }
    });
  }
}
