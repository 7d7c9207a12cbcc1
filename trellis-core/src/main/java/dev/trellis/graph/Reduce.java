package dev.trellis.graph;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The update rule of a record-schema component: {@code append}, {@code add}, {@code merge},
 * {@code ephemeral}, {@code untracked}, {@code topic} or {@code any} (default: last value).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.RECORD_COMPONENT)
public @interface Reduce {
  String value();
}
