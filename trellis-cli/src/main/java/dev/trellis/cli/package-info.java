/**
 * The {@code trellis} command line: serve graphs, run and chat with them, run conformance scenarios and
 * evaluations, and manage the database.
 */
package dev.trellis.cli;
