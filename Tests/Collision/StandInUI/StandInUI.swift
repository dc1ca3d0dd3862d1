// A stand-in for SwiftUI, UIKit and AppKit on Linux: public types with the names those frameworks (and
// Foundation) export, so that a file importing ModalKit next to them shows whether any name becomes
// ambiguous. The types are deliberately tiny; only their names matter.

/// A colour, named like SwiftUI's `Color`.
public struct Color: Equatable, Sendable {
    /// The colour's name.
    public var name: String
    /// Creates a colour.
    public init(_ name: String) { self.name = name }
}

/// A button, named like SwiftUI's `Button`.
public struct Button: Sendable {
    /// The button's title.
    public var title: String
    /// Creates a button.
    public init(_ title: String) { self.title = title }
}

/// A text view, named like SwiftUI's `Text`.
public struct Text: Equatable, Sendable {
    /// The text shown.
    public var content: String
    /// Creates a text view.
    public init(_ content: String) { self.content = content }
}

/// A font, named like SwiftUI's `Font`.
public struct Font: Equatable, Sendable {
    /// The point size.
    public var size: Double
    /// Creates a font.
    public init(size: Double) { self.size = size }
}

/// A style, named like the `Style` types of UI frameworks.
public struct Style: Equatable, Sendable {
    /// The style's name.
    public var name: String
    /// Creates a style.
    public init(_ name: String) { self.name = name }
}

/// An action, named like UIKit's `UIAction` without its prefix.
public struct Action: Sendable {
    /// The action's title.
    public var title: String
    /// Creates an action.
    public init(_ title: String) { self.title = title }
}

/// A point, named like Foundation's `CGPoint` without its prefix.
public struct Point: Equatable, Sendable {
    /// The coordinates.
    public var x: Double, y: Double
    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A size, named like Foundation's `CGSize` without its prefix.
public struct Size: Equatable, Sendable {
    /// The extent.
    public var width: Double, height: Double
    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// A rectangle, named like Foundation's `CGRect` without its prefix.
public struct Rect: Equatable, Sendable {
    /// The origin.
    public var origin: Point
    /// The extent.
    public var size: Size
    /// Creates a rectangle.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }
}

/// A table cell, named like UIKit's `UITableViewCell` family without its prefix.
public struct Cell: Equatable, Sendable {
    /// The cell's identifier.
    public var identifier: String
    /// Creates a cell.
    public init(_ identifier: String) { self.identifier = identifier }
}

/// An alignment, named like SwiftUI's `Alignment` and `TextAlignment`.
public enum TextAlignment: Sendable { case leading, center, trailing }
