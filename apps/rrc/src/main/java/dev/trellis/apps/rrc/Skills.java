package dev.trellis.apps.rrc;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The skills table, its artifacts and the injection ledger, in the application's database
 * (SQLite embedded, PostgreSQL when the server is on PostgreSQL); the tables are created and
 * seeded with {@code skills.yaml} ({@code rrc_rule37}, {@code rrc_rule32}) when opened, without
 * overwriting rows already there. Thread-safe.
 */
public final class Skills {
  private static final ObjectMapper JSON = Msgs.JSON;
  private final JdbcDatabase db;
  private final Clock clock;

  private Skills(JdbcDatabase db, Clock clock) {
    this.db = db;
    this.clock = clock;
  }

  /** Opens (creating and seeding as needed) the skill tables in {@code db}. */
  public static Skills open(JdbcDatabase db, Clock clock) {
    db.migrate(RrcSchema.SCHEMA);
    Skills skills = new Skills(db, clock);
    skills.seed();
    return skills;
  }

  private void seed() {
    JsonNode root;
    try (InputStream in = Skills.class.getResourceAsStream("skills.yaml")) {
      root = new ObjectMapper(new YAMLFactory()).readTree(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    db.transaction(c -> {
      for (JsonNode s : root.path("skills")) {
        String id = s.path("skill_id").asText();
        db.update(c, "INSERT INTO rrc_skills (skill_id, name, persona_key, description, steps, requirements, output_format, "
                + "tools, rules) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (skill_id) DO NOTHING",
            id, s.path("name").asText(), s.path("persona_key").asText(null), s.path("description").asText(),
            s.path("steps").toString(), s.path("requirements").toString(), s.path("output_format").asText(),
            s.path("tools").toString(), s.path("rules").toString());
        int seq = 0;
        for (JsonNode a : s.path("artifacts")) {
          db.update(c, "INSERT INTO rrc_skill_artifacts (skill_id, seq, title, kind, content) VALUES (?, ?, ?, ?, ?) "
              + "ON CONFLICT (skill_id, seq) DO NOTHING", id, seq++, a.path("title").asText(), a.path("kind").asText(),
              a.path("content").asText());
        }
      }
      return null;
    });
  }

  /** The skill's definition, tools and rules (tier 2), if there is such a skill. */
  public Optional<Skill> find(String skillId) {
    return Optional.ofNullable(db.transaction(c -> db.query(c, "SELECT * FROM rrc_skills WHERE skill_id = ?", rs -> {
      if (!rs.next()) {
        return null;
      }
      try {
        List<Skill.ToolDecl> tools = new ArrayList<>();
        for (JsonNode t : JSON.readTree(rs.getString("tools"))) {
          tools.add(new Skill.ToolDecl(t.path("name").asText(), t.path("description").asText(),
              JSON.convertValue(t.path("parameters"), new TypeReference<Map<String, Object>>() {}), t.path("binding").asText()));
        }
        List<Skill.Rule> rules = new ArrayList<>();
        for (JsonNode r : JSON.readTree(rs.getString("rules"))) {
          rules.add(new Skill.Rule(r.path("rule_key").asText(), r.path("trigger").asText(), r.path("tool").asText(),
              r.path("action").asText(), r.path("checkpoint_type").asText()));
        }
        return new Skill(rs.getString("skill_id"), rs.getString("name"), rs.getString("persona_key"),
            rs.getString("description"), JSON.readValue(rs.getString("steps"), new TypeReference<List<String>>() {}),
            JSON.readValue(rs.getString("requirements"), new TypeReference<List<String>>() {}),
            rs.getString("output_format"), tools, rules);
      } catch (IOException e) {
        throw new SQLException("skill " + skillId + " has a malformed column", e);
      }
    }, skillId)));
  }

  /** Every skill's id and name, by id: the catalog a model selects from. */
  public Map<String, String> catalog() {
    return db.transaction(c -> db.query(c, "SELECT skill_id, name FROM rrc_skills ORDER BY skill_id", rs -> {
      Map<String, String> out = new java.util.LinkedHashMap<>();
      while (rs.next()) {
        out.put(rs.getString(1), rs.getString(2));
      }
      return out;
    }));
  }

  /** The first declaration of a tool named {@code toolName} in any skill (for fence tools), if any. */
  public Optional<Skill.ToolDecl> declaration(String toolName) {
    List<String> ids = db.transaction(c -> db.query(c, "SELECT skill_id FROM rrc_skills ORDER BY skill_id", rs -> {
      List<String> out = new ArrayList<>();
      while (rs.next()) {
        out.add(rs.getString(1));
      }
      return out;
    }));
    for (String id : ids) {
      for (Skill.ToolDecl t : find(id).orElseThrow().tools()) {
        if (t.name().equals(toolName)) {
          return Optional.of(t);
        }
      }
    }
    return Optional.empty();
  }

  /** The skill's artifacts (tier 3), in order. */
  public List<Skill.Artifact> artifacts(String skillId) {
    return db.transaction(c -> db.query(c, "SELECT title, kind, content FROM rrc_skill_artifacts WHERE skill_id = ? ORDER BY seq",
        rs -> {
          List<Skill.Artifact> out = new ArrayList<>();
          while (rs.next()) {
            out.add(new Skill.Artifact(rs.getString(1), rs.getString(2), rs.getString(3)));
          }
          return out;
        }, skillId));
  }

  /** Whether the ledger records the skill as injected into the conversation. */
  public boolean injected(String conversationId, String skillId) {
    return db.transaction(c -> db.query(c, "SELECT 1 FROM rrc_skill_ledger WHERE conversation_id = ? AND skill_id = ?",
        java.sql.ResultSet::next, conversationId, skillId));
  }

  /** Records in the ledger that the skill was injected into the conversation (once; later marks change nothing). */
  public void markInjected(String conversationId, String skillId) {
    db.transaction(c -> db.update(c, "INSERT INTO rrc_skill_ledger (conversation_id, skill_id, injected_at) VALUES (?, ?, ?) "
        + "ON CONFLICT (conversation_id, skill_id) DO NOTHING", conversationId, skillId, clock.instant().toString()));
  }

  /** Forgets every skill injected into the conversation (its agent changed: the skills are unloaded). */
  public void forget(String conversationId) {
    db.transaction(c -> db.update(c, "DELETE FROM rrc_skill_ledger WHERE conversation_id = ?", conversationId));
  }
}
