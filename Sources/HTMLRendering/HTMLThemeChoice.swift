/// The themes `--theme` may ask an HTML page for: one, or light and dark side by side.
package enum HTMLThemeChoice: String, Sendable, CaseIterable {
    /// Only the light theme.
    case light
    /// Only the dark theme.
    case dark
    /// Light and dark side by side, each modal twice; the page around them is light.
    case both

    /// The theme of the page and of its card check: `light` for `both`.
    package var theme: HTMLTheme {
        switch self {
        case .light, .both: .light
        case .dark: .dark
        }
    }
}
