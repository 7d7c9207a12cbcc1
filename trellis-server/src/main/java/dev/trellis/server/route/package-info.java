/**
 * What an application's own routes use: {@link dev.trellis.server.route.Routes} to add them, and
 * {@link dev.trellis.server.route.Http} to read the caller and body and answer in JSON (they refuse
 * with {@code dev.trellis.server.error.ApiException}).
 *
 * <p>Exported because applications (and graph providers) add routes to the server and answer
 * them exactly as the built-in routes do.
 */
package dev.trellis.server.route;
