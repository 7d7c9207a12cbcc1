/**
 * Refusals: {@link dev.trellis.server.error.ServerException}, raised by any server layer and answered
 * in one place as a 4xx with {@code {"detail", "code"}}. Engine errors keep their own family
 * ({@code TrellisException} with an {@code ErrorCode}); the HTTP layer maps both.
 */
package dev.trellis.server.error;
