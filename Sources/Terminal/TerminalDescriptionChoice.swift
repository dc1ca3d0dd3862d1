import Screen

/// Which terminal description ncurses loads when a colour depth is asked for that `TERM`'s own description
/// lacks: the same family's `-direct` one for 24-bit colour, `-256color` or `-16color` for those depths.
///
/// Why: `render` decides colour from `COLORTERM` and `TERM` (24-bit for `COLORTERM=truecolor`, 16 colours
/// for a plain `TERM=xterm`), while ncurses believes the description, which gives `xterm` 8 colours and no
/// description but a `-direct` one 24-bit colour. Loading the richer description of the same terminal lets
/// the preview show what `render` prints. Where none is installed, `TERM`'s own is used and colours are
/// downgraded to what it has.
package enum TerminalDescriptionChoice {
    /// The descriptions to try before `term` itself, best first; empty when `term` already says the depth.
    package static func candidates(term: String, depth: ColorDepth?) -> [String] {
        guard let depth, !term.isEmpty else { return [] }
        let suffix: String
        switch depth {
        case .trueColor: suffix = "-direct"
        case .indexed256: suffix = "-256color"
        case .ansi16: suffix = "-16color"
        case .ansi8, .none: return []
        }
        if term.hasSuffix(suffix) || term.hasSuffix("-direct") { return [] }
        if depth != .trueColor, term.hasSuffix("-256color") { return [] }
        var family = term
        for known in ["-256color", "-88color", "-16color", "-color"] where family.hasSuffix(known) {
            family.removeLast(known.count)
            break
        }
        return [family + suffix]
    }

    /// The colour depth to draw at: the one asked for (from `COLORTERM`, `TERM` or `--color`, as `render`
    /// decides it) where the loaded description can draw it, else the description's own.
    package static func depth(wanted: ColorDepth?, described: ColorDepth) -> ColorDepth {
        guard let wanted else { return described }
        let order = ColorDepth.allCases
        return order.firstIndex(of: wanted)! <= order.firstIndex(of: described)! ? wanted : described
    }
}
