package dev.trellis.apps.rrc;

import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The knowledge graph the tools read and the mutating tools change: operators, leases, wells,
 * the entity index and the links between entities, as tables ({@code rrc_kg_*}) of the
 * application's database — the server's own, SQLite or PostgreSQL — so every server process on
 * one database sees the same entities. {@link #open} migrates the tables ({@link RrcSchema}) and seeds the bundled
 * dataset ({@code kg.sql}) idempotently: rows already there, and entities users created or
 * changed, are kept. Thread-safe; each call is one transaction.
 */
public final class KnowledgeGraph {
  private final JdbcDatabase db;

  private KnowledgeGraph(JdbcDatabase db) {
    this.db = db;
  }

  /** The graph in {@code db}: tables created and the bundled dataset seeded when missing. */
  public static KnowledgeGraph open(JdbcDatabase db) {
    String sql;
    try (InputStream in = KnowledgeGraph.class.getResourceAsStream("kg.sql")) {
      sql = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> statements = new ArrayList<>();
    for (String s : sql.replaceAll("(?m)^--.*$", "").split(";")) {
      if (!s.isBlank()) {
        statements.add(s.strip());
      }
    }
    db.migrate(RrcSchema.SCHEMA);
    // one transaction of idempotent inserts: two servers starting together seed once
    db.transaction(c -> {
      for (String statement : statements) {
        try (var st = c.createStatement()) {
          st.execute(statement);
        }
      }
      return null;
    });
    return new KnowledgeGraph(db);
  }

  /** Result of a resolve: decisive when exactly one entity matches the name, an alias or an id exactly. */
  public record Resolution(boolean decisive, List<Map<String, Object>> candidates) {}

  public Resolution resolve(String query) {
    String q = query == null ? "" : query.trim().toLowerCase(Locale.ROOT);
    List<Map<String, Object>> exact = new ArrayList<>();
    for (Map<String, Object> e : rows("SELECT entity_id, entity_type, name, aliases, ref FROM rrc_kg_entities ORDER BY entity_id")) {
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
        : rows("SELECT entity_id, entity_type, name, aliases, ref FROM rrc_kg_entities WHERE lower(name) LIKE ? ORDER BY entity_id",
            "%" + words[0] + "%");
    return new Resolution(false, partial);
  }

  /**
   * Every entity of {@code type} ({@code well}, {@code lease}, {@code operator}; null: all), by
   * name: the index row, and for a well of the dataset its lease, operator, county and status.
   */
  public List<Map<String, Object>> list(String type) {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Map<String, Object> e : type == null
        ? rows("SELECT entity_id, entity_type, name, ref FROM rrc_kg_entities ORDER BY entity_type, name")
        : rows("SELECT entity_id, entity_type, name, ref FROM rrc_kg_entities WHERE entity_type = ? ORDER BY name", type)) {
      Map<String, Object> row = new LinkedHashMap<>(e);
      Map<String, Object> w = "well".equals(e.get("entity_type"))
          ? one("SELECT w.status, l.name AS lease, l.county, o.name AS operator FROM rrc_kg_wells w "
              + "JOIN rrc_kg_leases l ON l.lease_id = w.lease_id JOIN rrc_kg_operators o ON o.operator_id = w.operator_id "
              + "WHERE w.api = ?", e.get("ref"))
          : null;
      if (w != null) {
        row.putAll(w);
      }
      out.add(row);
    }
    return out;
  }

  /**
   * The entity, its neighbours (a well's lease and operator; a lease's operator and wells; an
   * operator's leases) and its links. Entities users created have no dataset rows: only the entity
   * and its links.
   */
  public Map<String, Object> context(String entityId) {
    Map<String, Object> e = entity(entityId);
    if (e == null) {
      throw new IllegalArgumentException("no entity \"" + entityId + "\"");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("entity", e);
    String ref = (String) e.get("ref");
    switch ((String) e.get("entity_type")) {
      case "well" -> {
        Map<String, Object> w = one("SELECT * FROM rrc_kg_wells WHERE api = ?", ref);
        if (w != null) {
          out.put("well", w);
          out.put("lease", lease((String) w.get("lease_id")));
          out.put("operator", operator((String) w.get("operator_id")));
        }
      }
      case "lease" -> {
        Map<String, Object> l = lease(ref);
        if (l != null) {
          out.put("lease", l);
          out.put("operator", operator((String) l.get("operator_id")));
          out.put("wells", rows("SELECT api, name, status FROM rrc_kg_wells WHERE lease_id = ? ORDER BY api", ref));
        }
      }
      case "operator" -> out.put("leases",
          rows("SELECT lease_id, name, county FROM rrc_kg_leases WHERE operator_id = ? ORDER BY lease_id", ref));
      default -> { }
    }
    List<Map<String, Object>> links = links(entityId);
    if (!links.isEmpty()) {
      out.put("links", links);
    }
    return out;
  }

  /** The well with API number {@code api}, or an error naming it. */
  public Map<String, Object> well(String api) {
    Map<String, Object> w = one("SELECT * FROM rrc_kg_wells WHERE api = ?", api);
    if (w == null) {
      throw new IllegalArgumentException("no well with API number \"" + api + "\"");
    }
    return w;
  }

  public Map<String, Object> lease(String leaseId) {
    return one("SELECT * FROM rrc_kg_leases WHERE lease_id = ?", leaseId);
  }

  public Map<String, Object> operator(String operatorId) {
    return one("SELECT * FROM rrc_kg_operators WHERE operator_id = ?", operatorId);
  }

  /** Every other well, for distance computations. */
  public List<Map<String, Object>> wellsExcept(String api) {
    return rows("SELECT * FROM rrc_kg_wells WHERE api <> ? ORDER BY api", api);
  }

  /**
   * Creates an entity under {@code entityId}; creating the same id again changes nothing (so a
   * replayed call cannot create a duplicate). Returns the stored row.
   */
  public Map<String, Object> createEntity(String entityId, String type, String name, String attributesJson,
                                          String createdBy) {
    exec("INSERT INTO rrc_kg_entities (entity_id, entity_type, name, aliases, ref, attributes, created_by) "
        + "VALUES (?, ?, ?, '', ?, ?, ?) ON CONFLICT (entity_id) DO NOTHING", entityId, type, name, entityId, attributesJson,
        createdBy);
    return entity(entityId);
  }

  /**
   * Renames the entity (when {@code name} is not null) and replaces its attributes (when
   * {@code attributesJson} is not null); applying the same change twice gives the same row.
   * Returns the stored row, or an error naming an unknown entity.
   */
  public Map<String, Object> updateEntity(String entityId, String name, String attributesJson) {
    int n = exec("UPDATE rrc_kg_entities SET name = coalesce(?, name), attributes = coalesce(?, attributes) "
        + "WHERE entity_id = ?", name, attributesJson, entityId);
    if (n == 0) {
      throw new IllegalArgumentException("no entity \"" + entityId + "\"");
    }
    return entity(entityId);
  }

  /**
   * Links {@code fromId} to {@code toId} with {@code relation}; the same link again changes
   * nothing. Both entities must exist. Returns the link.
   */
  public Map<String, Object> link(String fromId, String relation, String toId, String createdBy) {
    for (String id : List.of(fromId, toId)) {
      if (entity(id) == null) {
        throw new IllegalArgumentException("no entity \"" + id + "\"");
      }
    }
    exec("INSERT INTO rrc_kg_links (from_id, relation, to_id, created_by) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
        fromId, relation, toId, createdBy);
    return one("SELECT * FROM rrc_kg_links WHERE from_id = ? AND relation = ? AND to_id = ?", fromId, relation, toId);
  }

  /** The entity row, or null. */
  public Map<String, Object> entity(String entityId) {
    return one("SELECT * FROM rrc_kg_entities WHERE entity_id = ?", entityId);
  }

  /** The links from or to the entity, oldest relation names first. */
  public List<Map<String, Object>> links(String entityId) {
    return rows("SELECT from_id, relation, to_id FROM rrc_kg_links WHERE from_id = ? OR to_id = ? "
        + "ORDER BY relation, from_id, to_id", entityId, entityId);
  }

  /** How many entities are named {@code name} (case-insensitive). */
  public int countNamed(String name) {
    return ((Number) one("SELECT count(*) AS n FROM rrc_kg_entities WHERE lower(name) = lower(?)", name).get("n")).intValue();
  }

  private int exec(String sql, Object... args) {
    try {
      return db.transaction(c -> db.update(c, sql, args));
    } catch (RuntimeException e) {
      throw new IllegalStateException("knowledge graph update failed: " + e.getMessage(), e);
    }
  }

  private Map<String, Object> one(String sql, Object... args) {
    List<Map<String, Object>> r = rows(sql, args);
    return r.isEmpty() ? null : r.getFirst();
  }

  private List<Map<String, Object>> rows(String sql, Object... args) {
    try {
      return db.transaction(c -> db.query(c, sql, KnowledgeGraph::read, args));
    } catch (RuntimeException e) {
      throw new IllegalStateException("knowledge graph query failed: " + e.getMessage(), e);
    }
  }

  private static List<Map<String, Object>> read(ResultSet rs) throws SQLException {
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
}
