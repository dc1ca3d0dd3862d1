import ModalModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// WCAG 2 contrast: the one measure the preview's panel and the validator's `profile-low-contrast` share,
/// so that what the validator calls unreadable is what the preview repaints.
package enum ColorContrast {
    /// WCAG 2 relative luminance of an sRGB colour (0 for black, 1 for white).
    package static func relativeLuminance(_ color: ModalColor) -> Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }

    /// WCAG 2 contrast ratio of two opaque colours, from 1 (the same) to 21 (black and white).
    package static func ratio(_ first: ModalColor, _ second: ModalColor) -> Double {
        let a = relativeLuminance(first)
        let b = relativeLuminance(second)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
