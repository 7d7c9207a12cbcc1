/**
 * Trellis Studio: its static assets (plain ES modules, no build step) served at {@code /studio}
 * next to the API, for looking at graphs, threads and runs in a browser.
 */
package dev.trellis.server.studio;
