/// How a grapheme cluster that terminals may draw per code point (ZWJ sequences, variation selectors, emoji
/// modifiers, tag sequences, flags) is sent to an ANSI terminal, by `render --format ansi` and the preview.
public enum ClusterMode: String, Sendable, Equatable, CaseIterable {
    /// The whole cluster, for terminals that know it; the cursor column is fixed after it, and a cluster
    /// that would run past the row's end drawn per code point falls back instead.
    case whole
    /// Only what fits when drawn per code point (`ClusterPlan`): the first emoji of a ZWJ sequence and a
    /// space, the letters of a flag, a text-style symbol and a space. Nothing can spill or wrap.
    case fallback

    /// The mode for a terminal when none is asked for: `fallback` for the oldest kind (16 colours, or the
    /// Linux console), `whole` otherwise.
    public static func automatic(colorDepth: ColorDepth, term: String?) -> ClusterMode {
        colorDepth == .ansi16 || term == "linux" ? .fallback : .whole
    }
}
