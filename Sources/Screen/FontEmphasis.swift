import ModalModel
@_spi(Kernel) import TextKernel
import TextLayout

/// How a font size shows in a terminal, where every cell has the same size: as a bold heading, as body
/// text, or dim as small print.
package enum FontEmphasis: Sendable, Equatable {
    /// At least 1.25× the body size: drawn bold.
    case heading
    /// Between 0.8× and 1.25× the body size: drawn as is.
    case body
    /// At most 0.8× the body size: drawn dim.
    case small

    /// The size of text without a `font_size`, in points.
    package static let defaultFontSize = 16.0

    /// The emphasis of text at `fontSize` (nil: `defaultFontSize`) in a message whose body is `bodyFontSize`.
    ///
    /// The thresholds are "noticeably larger" (≥ 1.25×, e.g. 20 over 16) and "noticeably smaller"
    /// (≤ 0.8×, e.g. 12.8 under 16); sizes in between read as body text. A non-positive or non-finite
    /// size compares as the default.
    package static func of(fontSize: Double?, bodyFontSize: Double) -> FontEmphasis {
        let size = usable(fontSize) ?? defaultFontSize
        let body = usable(bodyFontSize) ?? defaultFontSize
        if size >= body * 1.25 { return .heading }
        if size <= body * 0.8 { return .small }
        return .body
    }

    /// The body size of a message: the font size covering the most UTF-16 units, with unstyled text
    /// counting as `defaultFontSize`. A tie goes to the size that appears first in the text.
    package static func bodyFontSize(of text: StyledText) -> Double {
        let total = UTF16Offsets.count(in: text.text)
        var sizes: [Double] = []
        var units: [Int] = []
        var covered = 0
        for span in text.spans {
            let size = usable(span.style.fontSize) ?? defaultFontSize
            let length = max(0, span.range.utf16Length)
            covered += length
            if let index = sizes.firstIndex(of: size) {
                units[index] += length
            } else {
                sizes.append(size)
                units.append(length)
            }
        }
        // Text that no span covers is unstyled.
        if covered < total {
            if let index = sizes.firstIndex(of: defaultFontSize) {
                units[index] += total - covered
            } else {
                sizes.append(defaultFontSize)
                units.append(total - covered)
            }
        }
        var best = defaultFontSize
        var bestUnits = -1
        for (size, count) in zip(sizes, units) where count > bestUnits {
            best = size
            bestUnits = count
        }
        return best
    }

    private static func usable(_ size: Double?) -> Double? {
        guard let size, size.isFinite, size > 0 else { return nil }
        return size
    }
}
