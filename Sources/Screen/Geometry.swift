/// A cell position: column `x`, row `y`, both 0-based from the top left.
public struct Point: Sendable, Hashable {
    public var x: Int
    public var y: Int
    /// Creates a point.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A size in cells.
public struct Size: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// Creates a size.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A rectangle of cells.
public struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size
    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }
    /// Whether the point lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= origin.x && point.y >= origin.y && point.x < origin.x + size.width
            && point.y < origin.y + size.height
    }
}
