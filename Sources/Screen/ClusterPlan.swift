import ModalModel
@_spi(Kernel) import TextKernel

/// What to hand a per-code-point terminal (ncurses, or an ANSI terminal with the cluster fallback) for one
/// grapheme cluster so that it lands in exactly the cells layout gave it.
///
/// ncurses advances by the C library's `wcwidth` of each code point and keeps at most `CCHARW_MAX` (5)
/// code points per cell, a spacing one first and only zero-width ones after it. Clusters that fit that
/// model go through whole. The rest get a fallback, always padded with spaces to the layout's width:
/// - a flag (two regional indicators the C library counts one cell each) puts one indicator in each of its
///   two cells (see `flagLetters`);
/// - a cluster with more spacing characters (ZWJ emoji sequences) keeps its first character and the
///   zero-width marks right after it, so a family emoji shows as its first person;
/// - more than four marks on one base keep the first four;
/// - a first character the C library counts narrower than layout does (text-default emoji with VS16) is
///   drawn and followed by a space;
/// - a first character the C library counts wider than layout, or does not know (newer emoji, width −1),
///   becomes U+FFFD "�";
/// - a cluster that starts with a mark gets a no-break space to carry it.
/// Control characters never reach ncurses: they become their visible placeholders.
package enum ClusterPlan {
    /// ncurses' `CCHARW_MAX`: code points per cell.
    package static let maxCodePoints = 5

    /// Fills `scalars` with the code points to draw for `grapheme` in `cellWidth` cells (1 or 2), and
    /// returns how many blank cells must follow them to fill the width.
    package static func plan(
        _ grapheme: String, cellWidth: Int, into scalars: inout [UInt32], wcwidth: (UInt32) -> Int
    ) -> Int {
        scalars.removeAll(keepingCapacity: true)
        let view = grapheme.unicodeScalars
        guard let first = view.first else { return 0 }
        // The common case: one printable ASCII character.
        if first.value >= 0x20, first.value < 0x7F, view.index(after: view.startIndex) == view.endIndex {
            scalars.append(first.value)
            return max(0, cellWidth - 1)
        }
        var base = safe(first)
        var baseWidth = wcwidth(base)
        var marksStart = view.index(after: view.startIndex)
        if baseWidth == 0 {
            // A cluster that starts with a mark: give it a base that takes one cell.
            base = 0xA0
            baseWidth = 1
            marksStart = view.startIndex
        }
        if baseWidth < 0 || baseWidth > cellWidth {
            scalars.append(0xFFFD)
            return max(0, cellWidth - 1)
        }
        scalars.append(base)
        for scalar in view[marksStart...] {
            let value = safe(scalar)
            // A joiner is only worth keeping before what it joins, which cannot come along.
            if scalars.count == maxCodePoints || value == 0x200D || wcwidth(value) != 0 { break }
            scalars.append(value)
        }
        return cellWidth - baseWidth
    }

    /// The two regional indicators of a flag two cells wide, when the C library counts each as one cell.
    ///
    /// Drawn one per cell they are sent to the terminal back to back, so ncurses advances two cells as layout
    /// does, and the terminal shows the flag where it knows it and the two letters where it does not; both
    /// take two cells. Nil for anything else, which `plan` handles.
    package static func flagLetters(_ grapheme: String, cellWidth: Int, wcwidth: (UInt32) -> Int) -> (UInt32, UInt32)? {
        guard cellWidth == 2 else { return nil }
        var scalars = grapheme.unicodeScalars.makeIterator()
        guard let first = scalars.next(), let second = scalars.next(), scalars.next() == nil,
            isRegionalIndicator(first), isRegionalIndicator(second),
            wcwidth(first.value) == 1, wcwidth(second.value) == 1
        else { return nil }
        return (first.value, second.value)
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func safe(_ scalar: Unicode.Scalar) -> UInt32 {
        (ControlCharacters.placeholder(for: scalar) ?? scalar).value
    }
}
