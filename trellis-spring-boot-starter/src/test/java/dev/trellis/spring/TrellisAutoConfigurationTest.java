package dev.trellis.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.Key;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.server.TrellisServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What the auto-configuration serves and refuses, in small application contexts on a SQLite file. */
class TrellisAutoConfigurationTest {
  static final Key<String> SAID = Key.of("said", String.class);

  static StateGraph saying(String word) {
    return StateGraph.of(Schema.of(SAID)).addNode("say", (s, rt) -> Update.of(SAID, word)).addEdge(StateGraph.START, "say");
  }

  @Configuration(proxyBeanMethods = false)
  static class CompiledGraphs {
    @Bean
    CompiledGraph hello() {
      return saying("hello").compile();
    }

    @Bean
    @TrellisGraph("bonjour-bot")
    CompiledGraph bonjour() {
      return saying("bonjour").compile();
    }

    @Bean
    CompiledGraph onlyASubgraph() {
      return saying("inner").compile();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Clash {
    @Bean
    @TrellisGraph("support")
    CompiledGraph first() {
      return saying("1").compile();
    }

    @Bean
    StateGraph support() {
      return saying("2");
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class NoGraphs {
  }

  private static ApplicationContextRunner runner() throws IOException {
    Path db = Files.createTempDirectory("trellis-autoconf").resolve("app.db");
    return new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, TrellisAutoConfiguration.class))
        .withPropertyValues("spring.datasource.url=jdbc:sqlite:" + db);
  }

  @Test
  void compiledGraphBeansAreServedAndLeftAsTheApplicationMadeThem() throws IOException {
    runner().withUserConfiguration(CompiledGraphs.class)
        .withPropertyValues("trellis.server.exclude-beans=onlyASubgraph")
        .run(ctx -> {
          assertThat(ctx).hasNotFailed().hasSingleBean(TrellisServer.class);
          assertThat(ctx.getBean("hello", CompiledGraph.class).options().checkpointer())
              .as("the served copy runs on the server's checkpointer; the bean keeps none").isNull();
        });
  }

  @Test
  void twoBeansClaimingOneGraphIdFailTheStartNamingBoth() throws IOException {
    runner().withUserConfiguration(Clash.class).run(ctx -> {
      assertThat(ctx).hasFailed();
      assertThat(ctx.getStartupFailure()).rootCause().hasMessageContaining("beans \"first\" and \"support\"")
          .hasMessageContaining("graph \"support\"");
    });
  }

  @Test
  void anApplicationWithoutGraphsIsToldWhatToDeclare() throws IOException {
    runner().withUserConfiguration(NoGraphs.class).run(ctx ->
        assertThat(ctx.getStartupFailure()).rootCause().hasMessageContaining("declare a CompiledGraph, StateGraph"));
  }

  @Test
  void disabledTheServerIsNotStarted() throws IOException {
    runner().withUserConfiguration(CompiledGraphs.class).withPropertyValues("trellis.server.enabled=false")
        .run(ctx -> assertThat(ctx).hasNotFailed().doesNotHaveBean(TrellisServer.class));
  }

  @Test
  void everyPropertyIsDescribedInTheConfigurationMetadata() throws IOException {
    String metadata;
    try (var in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).as("spring-configuration-metadata.json generated").isNotNull();
      metadata = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
    for (String p : List.of("trellis.server.enabled", "trellis.server.path", "trellis.server.worker-slots",
        "trellis.server.api-keys", "trellis.server.thread-ttl", "trellis.server.run-timeout", "trellis.server.max-body-size",
        "trellis.server.store.ttl.default-ttl", "trellis.server.store.ttl.refresh-on-read",
        "trellis.server.store.ttl.sweep-interval", "trellis.server.store.index.fields", "trellis.server.exclude-beans")) {
      assertThat(metadata.replaceAll("\\s", "")).contains("\"name\":\"" + p + "\"");
    }
    assertThat(metadata).contains("How many runs this process executes at once.");
  }
}
