/**
 * Reading {@code trellis.json}: which graphs to serve and where they come from, their dependencies, the
 * environment file, and the errors that name the setting at fault.
 */
package dev.trellis.cli.config;
