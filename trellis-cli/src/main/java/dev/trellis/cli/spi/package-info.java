/**
 * What an application implements to add commands to {@code trellis}: {@link dev.trellis.cli.spi.AppCommand}.
 * Applications depend on {@code trellis-cli} with scope {@code provided}: the distribution
 * ({@code trellis-dist}) puts the CLI and the applications on one class path.
 */
package dev.trellis.cli.spi;
