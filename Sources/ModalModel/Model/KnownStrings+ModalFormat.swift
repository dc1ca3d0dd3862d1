import PositionedJSON

extension KnownStrings {
    /// The vocabulary of the modal format (keys, then enumerated values), then the built-in actions and the
    /// button labels the peers' corpora repeat.
    package static let modalFormatWords =
        FormatVocabulary.words + ModalAction.builtins.map(\.name) + ["OK", "Cancel"]

    /// The table every parse of a modal document hands the parser, built once.
    package static let modalFormat = KnownStrings(modalFormatWords)
}
