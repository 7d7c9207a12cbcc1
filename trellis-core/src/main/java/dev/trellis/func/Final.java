package dev.trellis.func;

/**
 * A workflow's return value split in two: {@code value} is what the run returns,
 * {@code save} is what the next run on the thread receives as {@code previous}.
 */
public record Final<O>(O value, Object save) {}
