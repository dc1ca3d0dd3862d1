/// A phone screen that `--device` draws a modal on: its size in CSS pixels, with the backdrop, the dialog
/// centred, and the fold at the screen's height.
public enum HTMLDevice: String, Sendable, CaseIterable {
    /// iPhone SE (1st generation) and iPhone 5: 320×568.
    case iphoneSE = "iphone-se"
    /// iPhone 8 and iPhone SE (2nd and 3rd generation): 375×667.
    case iphone8 = "iphone-8"
    /// iPhone 12, 13 and 14: 390×844.
    case iphone14 = "iphone-14"
    /// iPhone 11 and iPhone XR: 414×896.
    case iphone11 = "iphone-11"

    /// The screen's width in CSS pixels.
    public var cssPixelWidth: Int {
        switch self {
        case .iphoneSE: 320
        case .iphone8: 375
        case .iphone14: 390
        case .iphone11: 414
        }
    }

    /// The screen's height in CSS pixels: where the fold is.
    public var cssPixelHeight: Int {
        switch self {
        case .iphoneSE: 568
        case .iphone8: 667
        case .iphone14: 844
        case .iphone11: 896
        }
    }
}
