/// The escape sequences that set and reset the terminal modes the preview uses, apart from any backend, so
/// that the tests that read a session's bytes look for the ones the backend sends.
package enum TerminalModeSequences {
    /// Synchronized output (mode 2026): the terminal holds what follows until the end, and shows it whole.
    package static let beginSynchronizedUpdate = "\u{1B}[?2026h"
    package static let endSynchronizedUpdate = "\u{1B}[?2026l"
    /// Grapheme cluster mode (2027): the terminal gives each cluster the width Unicode gives it.
    package static let graphemeClusterModeOn = "\u{1B}[?2027h"
    package static let graphemeClusterModeOff = "\u{1B}[?2027l"

    /// BDSM reset (ECMA-48 mode 8): the program has laid right-to-left text out in visual order itself.
    package static let explicitBidiMode = "\u{1B}[8l"
    /// BDSM set: the terminal's own default, where it reorders right-to-left text.
    package static let implicitBidiMode = "\u{1B}[8h"
}
