import PositionedJSON

/// The answer to a request computed off the loop's thread, from values captured when the request arrived.
///
/// The loop's thread keeps reading and answering other messages meanwhile; the result comes back through the
/// inbox and the loop's thread writes it, so every frame is still written whole by one writer. The work
/// checks the flag between steps and throws `RequestCancelled` once the client has cancelled it.
package typealias DeferredWork = @Sendable (CancellationFlag) throws(ResponseError) -> JSONValue
