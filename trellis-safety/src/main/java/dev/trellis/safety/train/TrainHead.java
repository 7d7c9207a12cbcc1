package dev.trellis.safety.train;

import dev.trellis.safety.EmbeddingHead;
import dev.trellis.safety.Features;
import dev.trellis.safety.MiniLm;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * Trains the shipped head: {@code TrainHead <corpus dir> <head.json>} embeds every corpus
 * message with the in-process MiniLM model, takes its {@link Features} and fits {@link Trainer}. The build runs it in
 * {@code process-classes}; it does nothing when the head on disk was trained on the same corpus
 * with the same trainer settings.
 */
public final class TrainHead {
  private TrainHead() {
  }

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: TrainHead <corpus dir> <head.json>");
    }
    Path corpus = Path.of(args[0]);
    Path out = Path.of(args[1]);
    String sha = fingerprint(corpus);
    if (Files.exists(out)) {
      try (InputStream in = Files.newInputStream(out)) {
        if (sha.equals(EmbeddingHead.read(in).corpusSha256())) {
          System.out.println("[trellis-safety] head is up to date (" + out + ")");
          return;
        }
      } catch (IOException | RuntimeException e) {
        // unreadable: retrain
      }
    }
    long start = System.nanoTime();
    List<Example> examples = Example.readDir(corpus);
    List<Features> features = features(examples.stream().map(Example::headText).toList());
    EmbeddingHead head = Trainer.fit(features, examples.stream().map(Example::label).toList(), sha);
    Files.createDirectories(out.getParent());
    Files.writeString(out, head.toJson());
    System.out.printf("[trellis-safety] trained the head on %d messages in %.1f s -> %s%n", examples.size(),
        (System.nanoTime() - start) / 1e9, out);
  }

  /** The head's features of {@code texts}: their MiniLM embeddings and n-grams. */
  public static List<Features> features(List<String> texts) {
    List<float[]> vectors = embed(texts);
    List<Features> out = new ArrayList<>(texts.size());
    for (int i = 0; i < texts.size(); i++) {
      out.add(Features.of(texts.get(i), vectors.get(i)));
    }
    return out;
  }

  /** Embeds {@code texts} with MiniLM in batches. */
  public static List<float[]> embed(List<String> texts) {
    List<float[]> out = new ArrayList<>(texts.size());
    for (int i = 0; i < texts.size(); i += 64) {
      out.addAll(MiniLm.embeddings().embed(texts.subList(i, Math.min(texts.size(), i + 64))));
    }
    return out;
  }

  /** SHA-256 over the corpus files (name order) and the trainer's settings. */
  static String fingerprint(Path corpus) throws IOException, NoSuchAlgorithmException {
    MessageDigest md = MessageDigest.getInstance("SHA-256");
    md.update(("binary+classes;elliptical-replies-in-context;replies-after-the-assistants-question;" + Trainer.Settings.DEFAULT.describe() + ";").getBytes(StandardCharsets.UTF_8));
    try (Stream<Path> files = Files.list(corpus)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".jsonl")).sorted().toList()) {
        md.update(p.getFileName().toString().getBytes(StandardCharsets.UTF_8));
        md.update(Files.readAllBytes(p));
      }
    }
    return HexFormat.of().formatHex(md.digest());
  }
}
