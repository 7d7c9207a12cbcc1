package dev.trellis.apps.rrc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The knowledge graph the tools read: operators, leases, wells and the entity index, in a SQLite
 * database shipped with the app ({@code kg.sql}, loaded into a new database on first open).
 * One connection under this object's lock; thread-safe.
 */
public final class KnowledgeGraph implements AutoCloseable {
  private final Connection c;

  private KnowledgeGraph(Connection c) {
    this.c = c;
  }

  /** A private in-memory copy of the bundled graph. */
  public static KnowledgeGraph inMemory() {
    return open("jdbc:sqlite::memory:");
  }

  /** The graph in {@code file}, created from the bundled data when new. */
  public static KnowledgeGraph open(Path file) {
    return open("jdbc:sqlite:" + file.toAbsolutePath());
  }

  private static KnowledgeGraph open(String url) {
    try {
      Connection c = DriverManager.getConnection(url);
      boolean fresh;
      try (var st = c.createStatement(); var rs = st.executeQuery(
          "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'entities'")) {
        fresh = rs.next() && rs.getInt(1) == 0;
      }
      if (fresh) {
        String sql;
        try (InputStream in = KnowledgeGraph.class.getResourceAsStream("kg.sql")) {
          sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        try (var st = c.createStatement()) {
          for (String s : sql.replaceAll("(?m)^--.*$", "").split(";")) {
            if (!s.isBlank()) {
              st.execute(s);
            }
          }
        }
      }
      return new KnowledgeGraph(c);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot open the knowledge graph at " + url + ": " + e.getMessage(), e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Result of a resolve: decisive when exactly one entity matches the name, an alias or an id exactly. */
  public record Resolution(boolean decisive, List<Map<String, Object>> candidates) {}

  public synchronized Resolution resolve(String query) {
    String q = query == null ? "" : query.trim().toLowerCase(Locale.ROOT);
    List<Map<String, Object>> exact = new ArrayList<>();
    for (Map<String, Object> e : rows("SELECT entity_id, entity_type, name, aliases, ref FROM entities ORDER BY entity_id")) {
      String name = ((String) e.get("name")).toLowerCase(Locale.ROOT);
      List<String> aliases = List.of(((String) e.get("aliases")).toLowerCase(Locale.ROOT).split("\\|"));
      if (name.equals(q) || aliases.contains(q) || e.get("entity_id").equals(q)) {
        exact.add(e);
      }
    }
    if (exact.size() == 1) {
      return new Resolution(true, exact);
    }
    if (!exact.isEmpty()) {
      return new Resolution(false, exact);
    }
    String[] words = q.split("\\s+");
    List<Map<String, Object>> partial = q.isEmpty() ? List.of()
        : rows("SELECT entity_id, entity_type, name, aliases, ref FROM entities WHERE lower(name) LIKE ? ORDER BY entity_id",
            "%" + words[0] + "%");
    return new Resolution(false, partial);
  }

  /** The entity and its neighbours (a well's lease and operator; a lease's operator and wells; an operator's leases). */
  public synchronized Map<String, Object> context(String entityId) {
    List<Map<String, Object>> found = rows("SELECT * FROM entities WHERE entity_id = ?", entityId);
    if (found.isEmpty()) {
      throw new IllegalArgumentException("no entity \"" + entityId + "\"");
    }
    Map<String, Object> e = found.getFirst();
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("entity", e);
    String ref = (String) e.get("ref");
    switch ((String) e.get("entity_type")) {
      case "well" -> {
        Map<String, Object> w = well(ref);
        out.put("well", w);
        out.put("lease", one("SELECT * FROM leases WHERE lease_id = ?", w.get("lease_id")));
        out.put("operator", one("SELECT * FROM operators WHERE operator_id = ?", w.get("operator_id")));
      }
      case "lease" -> {
        Map<String, Object> l = one("SELECT * FROM leases WHERE lease_id = ?", ref);
        out.put("lease", l);
        out.put("operator", one("SELECT * FROM operators WHERE operator_id = ?", l.get("operator_id")));
        out.put("wells", rows("SELECT api, name, status FROM wells WHERE lease_id = ? ORDER BY api", ref));
      }
      case "operator" -> out.put("leases", rows("SELECT lease_id, name, county FROM leases WHERE operator_id = ? ORDER BY lease_id", ref));
      default -> { }
    }
    return out;
  }

  /** The well with API number {@code api}, or an error naming it. */
  public synchronized Map<String, Object> well(String api) {
    Map<String, Object> w = one("SELECT * FROM wells WHERE api = ?", api);
    if (w == null) {
      throw new IllegalArgumentException("no well with API number \"" + api + "\"");
    }
    return w;
  }

  public synchronized Map<String, Object> lease(String leaseId) {
    return one("SELECT * FROM leases WHERE lease_id = ?", leaseId);
  }

  public synchronized Map<String, Object> operator(String operatorId) {
    return one("SELECT * FROM operators WHERE operator_id = ?", operatorId);
  }

  /** Every other well, for distance computations. */
  public synchronized List<Map<String, Object>> wellsExcept(String api) {
    return rows("SELECT * FROM wells WHERE api <> ? ORDER BY api", api);
  }

  /**
   * Creates an entity under {@code entityId}; creating the same id again changes nothing (so a
   * replayed call cannot create a duplicate). Returns the stored row.
   */
  public synchronized Map<String, Object> createEntity(String entityId, String type, String name, String attributesJson,
                                                       String createdBy) {
    exec("INSERT INTO entities (entity_id, entity_type, name, aliases, ref, attributes, created_by) VALUES (?, ?, ?, '', ?, ?, ?) "
        + "ON CONFLICT (entity_id) DO NOTHING", entityId, type, name, entityId, attributesJson, createdBy);
    return one("SELECT * FROM entities WHERE entity_id = ?", entityId);
  }

  /** How many entities are named {@code name} (case-insensitive). */
  public synchronized int countNamed(String name) {
    return ((Number) one("SELECT count(*) AS n FROM entities WHERE lower(name) = lower(?)", name).get("n")).intValue();
  }

  private Map<String, Object> one(String sql, Object... args) {
    List<Map<String, Object>> r = rows(sql, args);
    return r.isEmpty() ? null : r.getFirst();
  }

  private List<Map<String, Object>> rows(String sql, Object... args) {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      try (ResultSet rs = ps.executeQuery()) {
        ResultSetMetaData md = rs.getMetaData();
        List<Map<String, Object>> out = new ArrayList<>();
        while (rs.next()) {
          Map<String, Object> row = new LinkedHashMap<>();
          for (int i = 1; i <= md.getColumnCount(); i++) {
            row.put(md.getColumnLabel(i), rs.getObject(i));
          }
          out.add(row);
        }
        return out;
      }
    } catch (SQLException e) {
      throw new IllegalStateException("knowledge graph query failed: " + e.getMessage(), e);
    }
  }

  private void exec(String sql, Object... args) {
    try (PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new IllegalStateException("knowledge graph update failed: " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized void close() {
    try {
      c.close();
    } catch (SQLException ignored) {
      // closing best-effort
    }
  }
}
