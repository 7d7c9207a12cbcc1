package dev.trellis.apps.opencouch.safety;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Safety resources per locale, read from {@code crisis_resources.json} (add a locale there).
 * An unknown locale gets its language's first locale, else {@code en-US}.
 */
public final class CrisisResources {
  /** One resource: who, how to reach them, when. */
  public record Resource(String name, String contact, String hours) {
  }

  private static final Map<String, List<Resource>> BY_LOCALE = load();

  private CrisisResources() {
  }

  private static Map<String, List<Resource>> load() {
    try (InputStream in = CrisisResources.class.getResourceAsStream("crisis_resources.json")) {
      return Map.copyOf(new ObjectMapper().readValue(in, new TypeReference<Map<String, List<Resource>>>() { }));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The locales that have resources. */
  public static java.util.Set<String> locales() {
    return BY_LOCALE.keySet();
  }

  /** The resources for {@code locale} (null: {@code en-US}). */
  public static List<Resource> forLocale(String locale) {
    if (locale != null && BY_LOCALE.containsKey(locale)) {
      return BY_LOCALE.get(locale);
    }
    if (locale != null) {
      String lang = locale.split("[-_]")[0];
      for (String l : BY_LOCALE.keySet().stream().sorted().toList()) {
        if (l.startsWith(lang + "-")) {
          return BY_LOCALE.get(l);
        }
      }
    }
    return BY_LOCALE.get("en-US");
  }

  /** The resources as bullet lines for a reply. */
  public static String format(List<Resource> resources) {
    return resources.stream().map(r -> "- " + r.name() + ": " + r.contact() + " (" + r.hours() + ")")
        .collect(Collectors.joining("\n"));
  }
}
