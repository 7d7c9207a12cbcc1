/**
 * Test support: the contract tests every saver and store extends
 * ({@link dev.trellis.testkit.CheckpointSaverContract}, {@link dev.trellis.testkit.StoreContract},
 * crash-recovery and long-thread contracts), the conformance {@link dev.trellis.testkit.ScenarioRunner},
 * a child-JVM crash harness, and an HTTP client for the server's API.
 */
package dev.trellis.testkit;
