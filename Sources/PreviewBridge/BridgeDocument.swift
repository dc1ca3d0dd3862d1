/// Which document an event is about: where it came from and which `show` put it on screen, so that a
/// host that has shown another since can drop an answer meant for the earlier one.
package struct BridgeDocument: Sendable, Equatable {
    /// The `path` or `url` it was read from, or `<document>` for an inline one.
    package var source: String
    /// How many documents the session had shown when this one was: 1 for the first `show`, one more for
    /// each later `show` that put a document on screen (a `replace` keeps the number of what it replaces).
    package var generation: Int

    /// Creates an identity.
    package init(source: String, generation: Int) {
        self.source = source
        self.generation = generation
    }
}
